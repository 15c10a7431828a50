import { ApiOutlined } from '@ant-design/icons';
import { Descriptions, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuProperties } from '../base/session/menu';
import type { MenuNode } from '../base/session/session-types';

/**
 * One component per generated-page type (3 form model, 4 dictionary, 5 data report, 8 portal). They
 * read moduleId and isTree from the node's propertyJson. Until online development exists there is
 * no designer configuration to render, and the page says so (no invented data).
 */
export function GeneratedPage({ node }: { node: MenuNode }) {
  const { t } = useTranslation('shell');
  const { moduleId, isTree } = menuProperties(node);
  const kind = t(`generated.types.${node.type}`, { defaultValue: t('generated.types.unknown') });
  return (
    <div className="shell-result" data-testid="generated-page" data-module-id={moduleId ?? ''}>
      <Result
        icon={<ApiOutlined aria-hidden />}
        title={<h1 className="shell-result__title">{node.fullName}</h1>}
        subTitle={
          <>
            <Tag color="processing">{kind}</Tag>
            {t('generated.notConfigured')}
          </>
        }
      >
        <Descriptions
          size="small"
          column={1}
          bordered
          className="generated-page__facts"
          items={[
            { key: 'type', label: t('generated.type'), children: kind },
            { key: 'module', label: t('generated.moduleId'), children: moduleId || '—' },
            {
              key: 'tree',
              label: t('generated.isTree'),
              children: Number(isTree) === 1 ? t('generated.yes') : t('generated.no'),
            },
          ]}
        />
      </Result>
    </div>
  );
}
