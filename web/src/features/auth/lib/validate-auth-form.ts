/**
 * The auth form's client checks (required fields, matching passwords), as the toast to show, or
 * null when the form may be sent. No length or strength rules: the server says what it refuses.
 */
import type { AuthMode } from '#web/features/auth/lib/auth-modes.ts';

export interface AuthFields {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  confirmPassword: string;
}

export interface ValidationToast {
  title: string;
  description: string;
}

const missingFields: ValidationToast = {
  title: 'Missing fields',
  description: 'Please fill in all required fields',
};

const blank = (value: string) => value.trim() === '';

export function validateAuthForm(mode: AuthMode, fields: AuthFields): ValidationToast | null {
  switch (mode) {
    case 'login':
      return blank(fields.email) || fields.password === '' ? missingFields : null;
    case 'register':
      if (blank(fields.email) || fields.password === '') return missingFields;
      if (blank(fields.firstName)) {
        return { title: 'Missing fields', description: 'First name is required for registration' };
      }
      return null;
    case 'forgot':
      return blank(fields.email)
        ? { title: 'Email required', description: 'Please enter your email address' }
        : null;
    case 'reset':
      if (blank(fields.token) || fields.password === '' || fields.confirmPassword === '') {
        return missingFields;
      }
      if (fields.password !== fields.confirmPassword) {
        return { title: 'Password mismatch', description: 'Passwords do not match' };
      }
      return null;
    default: {
      const exhaustive: never = mode;
      return exhaustive;
    }
  }
}
