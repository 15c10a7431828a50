import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { ScheduleRepetition, ScheduleScope } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Calendar, Card, Empty, Modal, Segmented, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toastSuccess } from '../../../base/api/feedback';
import {
  deleteSchedule,
  fetchScheduleRange,
  type ScheduleDetail,
  type ScheduleItem,
  scheduleKeys,
} from './api';
import { type CalendarView, colourOf, itemsOnDay, viewRange, weekDays } from './calendar';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';
import { ScheduleView } from './schedule-view';
import { ScopeDialog } from './scope-dialog';
import './schedule.css';

/** One occurrence as a coloured, keyboard-reachable chip. */
function Chip({
  item,
  onOpen,
  withTime,
}: {
  item: ScheduleItem;
  onOpen(item: ScheduleItem): void;
  withTime?: boolean;
}) {
  return (
    <button
      type="button"
      className="schedule-chip"
      style={{ borderLeftColor: colourOf(item) }}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(item);
      }}
      title={item.title}
    >
      {withTime !== false && item.allDay !== 1 && (
        <span className="schedule-chip-time">{dayjs(item.startDay).format('HH:mm')}</span>
      )}
      <span className="schedule-chip-title">{item.title}</span>
    </button>
  );
}

/** Schedule page (extend/schedule): month, week and day views of the user's schedules. */
export default function SchedulePage() {
  const { t } = useTranslation('schedule');
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<CalendarView>('month');
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<ScheduleTarget | null>(null);
  const [deleting, setDeleting] = useState<ScheduleDetail | null>(null);
  const { start, end } = viewRange(view, date);
  const range = useQuery({
    queryKey: scheduleKeys.range(start.valueOf(), end.valueOf()),
    queryFn: () => fetchScheduleRange(start.valueOf(), end.valueOf()),
  });
  const items = useMemo(() => range.data ?? [], [range.data]);

  // A schedule message opens its schedule here: /extend/schedule?id=...
  const linkedId = params.get('id');
  useEffect(() => {
    if (!linkedId) return;
    setViewing(linkedId);
    setParams({}, { replace: true });
  }, [linkedId, setParams]);

  const open = (item: ScheduleItem) => setViewing(item.id);
  const step = (direction: 1 | -1) => setDate((d) => d.add(direction, view));

  const remove = async (detail: ScheduleDetail, scope: number) => {
    const msg = await deleteSchedule(detail.id, scope);
    toastSuccess(msg || t('deleted'));
    setDeleting(null);
    setViewing(null);
    await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  };

  /** A repeating schedule asks for the scope; a single one confirms and deletes with scope 3. */
  const askDelete = (detail: ScheduleDetail) => {
    if (detail.repetition !== ScheduleRepetition.None) {
      setDeleting(detail);
      return;
    }
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => remove(detail, ScheduleScope.All).catch(() => undefined),
    });
  };

  const title =
    view === 'month'
      ? date.format(t('format.month'))
      : view === 'week'
        ? `${start.format('YYYY-MM-DD')} ~ ${end.format('YYYY-MM-DD')}`
        : date.format(t('format.day'));

  return (
    <Card className="schedule-page" variant="borderless">
      <div className="schedule-toolbar">
        <Space>
          <Button icon={<LeftOutlined />} aria-label={t('actions.previous')} onClick={() => step(-1)} />
          <Button onClick={() => setDate(dayjs())}>{t('actions.today')}</Button>
          <Button icon={<RightOutlined />} aria-label={t('actions.next')} onClick={() => step(1)} />
          <Typography.Title level={5} style={{ margin: 0 }} aria-live="polite">
            {title}
          </Typography.Title>
        </Space>
        <Space>
          <Segmented<CalendarView>
            value={view}
            onChange={setView}
            options={[
              { value: 'month', label: t('views.month') },
              { value: 'week', label: t('views.week') },
              { value: 'day', label: t('views.day') },
            ]}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ start: date.hour(9).minute(0).second(0).millisecond(0) })}
          >
            {t('actions.add')}
          </Button>
        </Space>
      </div>
      <Spin spinning={range.isFetching}>
        {view === 'month' && (
          <Calendar
            value={date}
            headerRender={() => null}
            onSelect={(value, info) => {
              setDate(value);
              if (info.source === 'date' && value.isSame(date, 'day')) setView('day');
            }}
            fullCellRender={(current, info) => {
              if (info.type !== 'date') return info.originNode;
              const today = current.isSame(dayjs(), 'day');
              const outside = !current.isSame(date, 'month');
              const dayItems = itemsOnDay(items, current);
              return (
                <div
                  className={`schedule-cell${today ? ' is-today' : ''}${outside ? ' is-outside' : ''}${
                    current.isSame(date, 'day') ? ' is-selected' : ''
                  }`}
                >
                  <div className="schedule-cell-date">{current.date()}</div>
                  <div className="schedule-cell-items">
                    {dayItems.slice(0, 3).map((item) => (
                      <Chip key={item.id} item={item} onOpen={open} />
                    ))}
                    {dayItems.length > 3 && (
                      <span className="schedule-more">{t('more', { count: dayItems.length - 3 })}</span>
                    )}
                  </div>
                </div>
              );
            }}
          />
        )}
        {view === 'week' && (
          <div className="schedule-week">
            {weekDays(date).map((day) => (
              <section
                key={day.valueOf()}
                className="schedule-week-day"
                aria-label={day.format('YYYY-MM-DD')}
              >
                <header className={day.isSame(dayjs(), 'day') ? 'is-today' : undefined}>
                  {t(`weekdays.${day.day()}`)} {day.format('MM-DD')}
                </header>
                {itemsOnDay(items, day).map((item) => (
                  <Chip key={item.id} item={item} onOpen={open} />
                ))}
              </section>
            ))}
          </div>
        )}
        {view === 'day' && (
          <div className="schedule-day">
            {itemsOnDay(items, date).length === 0 ? (
              <Empty description={t('empty')} />
            ) : (
              itemsOnDay(items, date).map((item) => (
                <div key={item.id} className="schedule-day-row">
                  <span className="schedule-day-time">
                    {item.allDay === 1
                      ? t('fields.allDay')
                      : `${dayjs(item.startDay).format('HH:mm')} - ${dayjs(item.endDay).format('HH:mm')}`}
                  </span>
                  <Chip item={item} onOpen={open} withTime={false} />
                </div>
              ))
            )}
          </div>
        )}
      </Spin>
      <ScheduleView
        id={viewing}
        onClose={() => setViewing(null)}
        onEdit={(detail) => {
          setViewing(null);
          setEditing({ item: detail });
        }}
        onDelete={askDelete}
      />
      <ScheduleDialog target={editing} onClose={() => setEditing(null)} />
      <ScopeDialog
        mode={deleting ? 'delete' : null}
        onChoose={(scope) => (deleting ? remove(deleting, scope).catch(() => undefined) : undefined)}
        onClose={() => setDeleting(null)}
      />
      {modalHolder}
    </Card>
  );
}
