/**
 * Staff sign-in and staff accounts, shared by the admin island and the /api/admin/* functions.
 */
import { z } from './zod';
import { EmailSchema, NameSchema } from './fields';
import { NewPasswordSchema, PasswordSchema } from './user';
import { ROLES, type Role } from '../staff-role-names';

export { ROLE_LABELS, ROLES, type Role } from '../staff-role-names';
export type { Permission } from '../staff-roles';

/** POST /api/admin/login. */
export const StaffLoginSchema = z.object({
  /** The staff member's e-mail address. */
  email: EmailSchema,
  /** Their password. */
  password: PasswordSchema,
  /** One of their recovery codes, when the account is locked for browsers it was never used on: signs in at once (decision 030). */
  recoveryCode: z
    .string({ message: 'Please enter one of your recovery codes, like abcde-12345.' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/i, 'Please enter one of your recovery codes, like abcde-12345.'))
    .optional(),
});
export type StaffLoginInput = z.input<typeof StaffLoginSchema>;

const CODE_MESSAGE = 'Please enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`; case, spaces and dashes ignored). */
export const SecondFactorCodeSchema = z
  .string({ message: CODE_MESSAGE })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, CODE_MESSAGE));

/** POST /api/admin/verify and POST /api/admin/enrol. */
export const SecondFactorSchema = z.object({
  /** The code from the authenticator app (or, at /verify only, a recovery code). */
  code: SecondFactorCodeSchema,
});
export type SecondFactorInput = z.input<typeof SecondFactorSchema>;

/** A role chosen in a form (an invitation, a change of role). */
export const RoleSchema = z.enum(ROLES, { message: 'Please choose a role: Owner, Counsellor, Accountant or Teacher.' });

/** POST /api/admin/staff: invite a colleague (they get an e-mail to set a password). */
export const InviteStaffSchema = z.object({
  /** The colleague's name. */
  name: NameSchema,
  /** Where the invitation goes; also their sign-in address. */
  email: EmailSchema,
  /** What they may do once signed in; Counsellor when not given (never Owner by default). */
  role: RoleSchema.default('counsellor'),
});
export type InviteStaffInput = z.input<typeof InviteStaffSchema>;

/** PUT /api/admin/staff/{id}: disable or enable an account, reset its second factor, unlock its sign-in, or change its role. */
export const UpdateStaffSchema = z
  .object({
    /** What to do. */
    action: z.enum(['disable', 'enable', 'reset-second-factor', 'unlock', 'change-role'], { message: 'Please choose what to do with this account.' }),
    /** The new role ('change-role' only). */
    role: RoleSchema.optional(),
  })
  .refine((v) => v.action !== 'change-role' || v.role !== undefined, { message: 'Please choose the new role.', path: ['role'] });
export type UpdateStaffInput = z.input<typeof UpdateStaffSchema>;

/** POST /api/admin/invitation: accept an invitation by choosing a password. */
export const AcceptInvitationSchema = z.object({
  /** The token from the invitation link. */
  token: z
    .string({ message: 'This invitation link is not valid. Please ask a colleague for a new one.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid. Please ask a colleague for a new one.'),
  /** The password chosen. */
  password: NewPasswordSchema,
});
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

/** A member of staff as GET /api/admin/me and the staff list give them. */
export interface StaffView {
  _id: string;
  name: string;
  email: string;
  /** Their role, and the role in words. */
  role: Role;
  roleLabel: string;
}

/** GET and PUT /api/admin/settings: whether new leads are assigned to counsellors in turn. */
export const SettingsSchema = z.object({
  autoAssign: z.object(
    { enabled: z.boolean({ message: 'Please say whether new leads are assigned in turn.' }) },
    { message: 'Please say whether new leads are assigned in turn.' },
  ),
});
export type SettingsInput = z.input<typeof SettingsSchema>;

/** The browser's `adminToken` value: a marker of being signed in, never a credential (the cookie is). */
export const ADMIN_MARKER = 'signed-in';

const AUTHENTICATOR_MESSAGE = 'Please enter the 6-digit code your authenticator app shows now.';

/** POST /api/admin/recovery-codes: new recovery codes, confirmed with a current authenticator code (a recovery code will not do). */
export const RecoveryCodesSchema = z.object({
  /** The 6-digit code from the authenticator app; spaces ignored. */
  code: z
    .string({ message: AUTHENTICATOR_MESSAGE })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, AUTHENTICATOR_MESSAGE)),
});
export type RecoveryCodesInput = z.input<typeof RecoveryCodesSchema>;
