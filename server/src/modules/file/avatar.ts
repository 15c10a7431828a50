/**
 * The picture of a user who has not uploaded one. The 3.4.7 client shows every avatar as
 * `define.comUrl + headIcon` (chat lists, user pickers), so a user without a picture needs a path
 * it can load rather than null (which it asks for as `…/null`). Served by GET /api/file/Image.
 */
export const DEFAULT_AVATAR_NAME = 'default.svg';
export const DEFAULT_AVATAR_URL = `/api/file/Image/userAvatar/${DEFAULT_AVATAR_NAME}`;

/** The user's picture, or the default one. */
export const avatarOf = (headIcon: string | null | undefined): string => headIcon || DEFAULT_AVATAR_URL;

/** A grey head and shoulders on a light circle, 64×64. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#e6e9ef"/><circle cx="32" cy="25" r="11" fill="#a9b1bf"/><path d="M12 54c2.5-10 10.5-15 20-15s17.5 5 20 15a32 32 0 0 1-40 0z" fill="#a9b1bf"/></svg>`;
