/** The length rule of staff passwords, shared by the pages (their hints) and core/staff/passwords.server.ts. */
export const MIN_PASSWORD_LENGTH = 12;
