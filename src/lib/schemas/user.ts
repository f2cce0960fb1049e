/**
 * Student account payloads, shared by the login/register/verify islands and the /api/user/*
 * functions. Passwords follow OWASP ASVS level 2: at least 8 characters, up to 128, no
 * composition rules (spaces and any script allowed). Every message is a Paraglide message called
 * when a value is checked, so it comes in the language of the page (or of the request).
 */
import { z } from './zod';
import { EmailSchema, NameSchema } from './fields';
import { plainText } from './plain-text';
import { AgeFields, checkGuardian } from './guardian-consent';
import {
  account_current_password_enter,
  account_current_password_wrong,
  account_login_incorrect,
  account_otp_enter,
  account_password_choose,
  account_password_enter,
  account_password_long,
  account_password_same,
  account_password_short,
  account_registration_expired,
  account_reset_expired,
  account_reset_link_invalid,
  validation_label_password,
} from '../../i18n/messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Seconds before another code may be sent for the same registration. */
export const RESEND_COOLDOWN_SECONDS = 60;
/** Minutes a one-time code stays valid. */
export const OTP_VALID_MINUTES = 10;
/** Wrong codes allowed before the registration must be started again. */
export const OTP_MAX_ATTEMPTS = 5;

/** A new password: any characters a keyboard types (no control or broken characters, which would be hashed as something else). */
export const NewPasswordSchema = z
  .string({ error: () => account_password_choose() })
  .check(plainText(validation_label_password))
  .min(PASSWORD_MIN, { error: () => account_password_short({ min: PASSWORD_MIN }) })
  .max(PASSWORD_MAX, { error: () => account_password_long({ max: PASSWORD_MAX }) });

/** At login any non-empty password is checked against the stored hash (old rules may differ). */
export const PasswordSchema = z
  .string({ error: () => account_password_enter() })
  .min(1, { error: () => account_password_enter() })
  .max(PASSWORD_MAX, { error: () => account_login_incorrect() });

export const RegisterSchema = z
  .object({
    /** "Are you under 18?" and, if so, a parent's or guardian's details (the account waits for their consent). */
    ...AgeFields,
    name: NameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
  })
  .superRefine(checkGuardian((v) => ({ age: v.age, guardian: v.guardian, email: v.email })));
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});
export type LoginInput = z.input<typeof LoginSchema>;

/** A token the server handed out (opaque here); any fault gets `expired()` as its message. */
const tokenSchema = (expired: () => string) =>
  z
    .string({ error: () => expired() })
    .min(1, { error: () => expired() })
    .max(4096, { error: () => expired() });

const ActivationTokenSchema = tokenSchema(account_registration_expired);

/** The 6-digit code of an e-mail, sent as a number (leading zeros are lost on the way). */
const OtpSchema = z
  .number({ error: () => account_otp_enter() })
  .int({ error: () => account_otp_enter() })
  .min(0, { error: () => account_otp_enter() })
  .max(999_999, { error: () => account_otp_enter() });

/** The code is sent as a number (as the spec's client does); six digits, leading zeros allowed. */
export const VerifySchema = z.object({
  otp: OtpSchema,
  activationToken: ActivationTokenSchema,
});
export type VerifyInput = z.input<typeof VerifySchema>;

export const ResendSchema = z.object({ activationToken: ActivationTokenSchema });

/** POST /api/user/forgot-password: the address to send a reset code to. */
export const ForgotPasswordSchema = z.object({
  /** The account's e-mail address. */
  email: EmailSchema,
});
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

const ResetTokenSchema = tokenSchema(account_reset_expired);

/** POST /api/user/reset-password: the e-mailed code and the new password. */
export const ResetPasswordSchema = z.object({
  /** The token that came with the forgot-password answer. */
  resetToken: ResetTokenSchema,
  /** The 6-digit code from the e-mail. */
  otp: OtpSchema,
  /** The new password. */
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

/** POST /api/user/reset-password with the link of the e-mail instead of the code (decision 030). */
export const ResetByLinkSchema = z.object({
  /** The token after `#link=` in the e-mailed link. */
  link: tokenSchema(account_reset_link_invalid),
  /** The new password. */
  password: NewPasswordSchema,
});
export type ResetByLinkInput = z.input<typeof ResetByLinkSchema>;

/** POST /api/user/change-password (signed in): the current password and the new one. */
export const ChangePasswordSchema = z
  .object({
    /** The password in use now. */
    currentPassword: z
      .string({ error: () => account_current_password_enter() })
      .min(1, { error: () => account_current_password_enter() })
      .max(PASSWORD_MAX, { error: () => account_current_password_wrong() }),
    /** The new password. */
    newPassword: NewPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { error: () => account_password_same(), path: ['newPassword'] });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** The user as every /api/user answer gives it. */
export const PublicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
