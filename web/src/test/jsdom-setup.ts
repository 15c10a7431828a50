// Vitest setup file: the browser APIs jsdom lacks and antd's grid, inputs, tables and dialogs use.
// Files that run in the node environment have no window and need none of them.
if (typeof window !== 'undefined') installBrowserApis();

function installBrowserApis() {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
