/** The administrator's password in tests (set through ADMIN_PASSWORD, as an operator would). */
export const ADMIN_PASSWORD = 'Admin12345';
