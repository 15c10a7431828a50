/**
 * Every page of the signed-in frame, behind one lazy boundary: the router imports this module
 * only, so that these pages share chunks with the shell instead of splitting antd into many small
 * chunks that the sign-in page would also have to fetch (login budget, design.md "Web").
 */
export { default as ExternalLinkPage } from './external-link/external-link-page';
export { default as LockNowPage } from './lock/lock-now-page';
export { default as LockScreenPage } from './lock/lock-screen-page';
export { default as MenuRoute } from './menu-route';
export { default as RedirectPage } from './redirect-page';
export { resolvePage } from './resolve-page';
export { default as ShellLayout } from './shell-layout';
export { default as UnavailablePage } from './unavailable-page';
