/** The e-mail a deleted member's registration reads with: unique, and never deliverable. */
export const forgottenEmail = (userId: string) => `forgotten-${userId}@forgotten.invalid`;

/** Whether an address is the one a deleted member's account is left with. */
export const isForgottenEmail = (email: string) => email.endsWith('@forgotten.invalid');
