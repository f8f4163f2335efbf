/* Without zod: the web app's first load reads a stored session with these (session.ts builds its schemas from them). */

export const userStatuses = ['USER', 'UNDER19', 'EMPTY_PHONE_NUMBER', 'NEED_AGREEMENT', 'WITHDRAWN'] as const;
export const userTypes = ['PARENT', 'CHILD'] as const;
