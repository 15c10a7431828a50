import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadWhenNoFormOpen } from './refresh';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function outcome() {
  const events: string[] = [];
  return {
    events,
    options: { reload: () => events.push('reload'), notify: () => events.push('notify') },
  };
}

describe('refresh push', () => {
  it('reloads at once when no dialog holds a form', () => {
    document.body.innerHTML = '<div class="ant-modal-wrap" style="display: none;"><form></form></div>';
    const { events, options } = outcome();
    reloadWhenNoFormOpen(options);
    expect(events).toEqual(['reload']);
  });

  it('waits while a dialog holds a form, says so, and reloads once it is closed', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="ant-modal-wrap"><form><input value="typed"></form></div>';
    const { events, options } = outcome();
    reloadWhenNoFormOpen(options);
    vi.advanceTimersByTime(5000);
    expect(events).toEqual(['notify']);
    document.body.innerHTML = '';
    vi.advanceTimersByTime(1000);
    expect(events).toEqual(['notify', 'reload']);
  });

  it('counts an open drawer with a form as well', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="ant-drawer ant-drawer-open"><form></form></div>';
    const { events, options } = outcome();
    reloadWhenNoFormOpen(options);
    expect(events).toEqual(['notify']);
  });
});
