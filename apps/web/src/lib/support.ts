/** The colour of a support request's status chip, the same for the asker and the administrators. */
export const SUPPORT_STATUS_COLOR = { open: 'warning', answered: 'success', closed: 'default' } as const;
