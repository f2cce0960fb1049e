/**
 * Staff (/adminStaff): who may sign in to this admin area (GET /api/admin/staff). Invite a
 * colleague (POST: they get an e-mail with a link to set their password, valid 72 hours; inviting
 * an invited address again sends a new link), disable or enable an account, reset its second
 * factor, change their role (PUT {action}); each after a confirmation. Disabling and resetting sign
 * that person out everywhere at once. Nobody disables themselves, and the last active Owner can be
 * neither disabled nor given another role (the server says so). Below, the Owner's switch for
 * assigning new leads in turn. Owners only (the route and the server both say so).
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { Field } from '../../components/islands/form-field';
import { InviteStaffSchema, ROLE_LABELS, ROLES, type InviteStaffInput, type Role, type UpdateStaffInput } from '../../lib/schemas/staff';
import { api, ApiError, messageOf } from '../api';
import { useAppInfo } from '../app-info';
import AutoAssignSwitch from '../staff/AutoAssignSwitch';
import RoleScopes from '../staff/RoleScopes';
import RoleChange, { ROLE_SCOPES } from '../staff/RoleChange';
import { useConfirm } from '../ui/ConfirmDialog';
import DataTable, { type Columns } from '../ui/DataTable';
import PanelHeading from '../ui/PanelHeading';
import { formatMoment } from '../ui/dates';

/** A member of staff as GET /api/admin/staff lists them. */
export interface StaffListing {
  _id: string;
  name: string;
  email: string;
  status: 'active' | 'invited' | 'disabled';
  /** What they may do, and the role in words. */
  role: Role;
  roleLabel: string;
  enrolled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** Strangers' wrong passwords lock it for browsers it was never used on. */
  signInLocked: boolean;
}

const KEY = ['/api/admin/staff'];
const STATUS: Record<StaffListing['status'], { label: string; badge: string }> = {
  active: { label: 'Active', badge: 'admin-badge' },
  invited: { label: 'Invited', badge: 'admin-badge admin-badge--warning' },
  disabled: { label: 'Disabled', badge: 'admin-badge admin-badge--muted' },
};

type Action = Exclude<UpdateStaffInput['action'], 'change-role'>;
const QUESTIONS: Record<Action, (name: string) => [string, string]> = {
  disable: (name) => [`Disable the account of ${name}? They are signed out at once and cannot sign in until it is enabled again.`, 'Disable'],
  enable: (name) => [`Enable the account of ${name}? They will be able to sign in again.`, 'Enable'],
  'reset-second-factor': (name) => [
    `Reset the second factor of ${name}? They are signed out at once, and set up their authenticator app again at their next sign-in.`,
    'Reset second factor',
  ],
  unlock: (name) => [
    `Unlock the sign-in of ${name}? Too many wrong passwords were typed for the account, so it can only sign in on a browser it used before. Unlocking lets it sign in anywhere again with its password and authenticator app.`,
    'Unlock',
  ],
};

export default function Staff() {
  const id = useId();
  const { me } = useAppInfo();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [working, setWorking] = useState<string | null>(null);
  const staff = useQuery({ queryKey: KEY, queryFn: () => api<{ items: StaffListing[] }>('/api/admin/staff') });
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteStaffInput, unknown, z.output<typeof InviteStaffSchema>>({
    resolver: standardSchemaResolver(InviteStaffSchema),
    defaultValues: { name: '', email: '', role: 'counsellor' },
  });

  const invite = async (values: z.output<typeof InviteStaffSchema>, quiet = false) => {
    try {
      const answer = await api<{ message: string }>('/api/admin/staff', { body: values });
      toast.success(answer.message);
      if (!quiet) reset({ name: '', email: '', role: 'counsellor' });
      await reload();
    } catch (error) {
      if (error instanceof ApiError && !quiet) {
        for (const [name, message] of Object.entries(error.data.errors ?? {})) {
          if (name === 'name' || name === 'email' || name === 'role') setError(name, { message });
        }
      }
      toast.error(messageOf(error, 'The invitation could not be sent. Please try again.'));
    }
  };

  const columns = useMemo<Columns<StaffListing>>(() => {
    const act = async (person: StaffListing, change: Action | { role: Role }) => {
      const [question, label] =
        typeof change === 'string'
          ? QUESTIONS[change](person.name)
          : [`Make ${person.name} ${ROLE_LABELS[change.role]}? From their next click they may use ${ROLE_SCOPES[change.role]}.`, 'Change role'];
      if (!(await confirm(question, label))) return;
      setWorking(person._id);
      try {
        const body: UpdateStaffInput = typeof change === 'string' ? { action: change } : { action: 'change-role', role: change.role };
        const answer = await api<{ message: string }>(`/api/admin/staff/${encodeURIComponent(person._id)}`, { method: 'PUT', body });
        toast.success(answer.message);
      } catch (error) {
        toast.error(messageOf(error, 'That did not work. Please try again.'));
      } finally {
        setWorking(null);
        await reload();
      }
    };
    const resend = async (person: StaffListing) => {
      setWorking(person._id);
      await invite({ name: person.name, email: person.email, role: person.role }, true);
      setWorking(null);
    };
    return [
      { id: 'name', accessorKey: 'name', header: 'Name' },
      { id: 'email', accessorKey: 'email', header: 'Email' },
      { id: 'role', accessorKey: 'roleLabel', header: 'Role' },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <>
            <span className={STATUS[row.original.status].badge}>{STATUS[row.original.status].label}</span>
            {row.original.signInLocked && <span className="admin-badge admin-badge--warning">Sign-in locked</span>}
          </>
        ),
      },
      { id: 'enrolled', accessorFn: (p) => (p.enrolled ? 'Set up' : 'Not yet'), header: 'Authenticator' },
      { id: 'lastSignInAt', accessorFn: (p) => (p.lastSignInAt ? formatMoment(p.lastSignInAt) : 'Never'), header: 'Last sign-in' },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const person = row.original;
          if (person._id === me.staff._id) return <span>You</span>;
          const busy = working === person._id;
          return (
            <div className="btn-row">
              {person.status === 'invited' && (
                <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void resend(person)}>
                  Send a new invitation<span className="sr-only"> to {person.name}</span>
                </button>
              )}
              {person.status === 'disabled' ? (
                <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void act(person, 'enable')}>
                  Enable<span className="sr-only"> {person.name}</span>
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn--sm btn--outline admin-btn--danger-outline"
                  disabled={busy}
                  onClick={() => void act(person, 'disable')}
                >
                  Disable<span className="sr-only"> {person.name}</span>
                </button>
              )}
              {person.signInLocked && person.status === 'active' && (
                <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void act(person, 'unlock')}>
                  Unlock sign-in<span className="sr-only"> of {person.name}</span>
                </button>
              )}
              {person.enrolled && person.status !== 'disabled' && (
                <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void act(person, 'reset-second-factor')}>
                  Reset second factor<span className="sr-only"> of {person.name}</span>
                </button>
              )}
              <RoleChange name={person.name} role={person.role} busy={busy} onChange={(role) => act(person, { role })} />
            </div>
          );
        },
      },
    ];
    // invite and reload only use stable things (the query client, the form's reset).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirm, me.staff._id, working]);

  return (
    <section className="admin-panel">
      <PanelHeading title="Staff" />
      <p>Everyone who can sign in to this admin area. Each signs in with their own password and authenticator app.</p>

      <form className="admin-form" noValidate onSubmit={handleSubmit((values) => invite(values))} aria-labelledby={`${id}-invite`}>
        <h2 className="admin-subheading admin-form__title" id={`${id}-invite`}>
          Invite a colleague
        </h2>
        <p className="form-hint">
          They get an e-mail with a link to choose their password (valid 72 hours), then set up an authenticator app at their first sign-in.
        </p>
        <RoleScopes />
        <div className="admin-form__grid">
          <Field id={`${id}-name`} label="Name" error={errors.name?.message}>
            {(aria) => <input {...register('name')} {...aria} type="text" autoComplete="off" required />}
          </Field>
          <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
            {(aria) => <input {...register('email')} {...aria} type="email" autoComplete="off" required />}
          </Field>
          <Field id={`${id}-role`} label="Role" error={errors.role?.message}>
            {(aria) => (
              <select {...register('role')} {...aria} required>
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button type="submit" className="btn" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send invitation'}
        </button>
      </form>

      <h2 className="admin-subheading">Accounts</h2>
      {staff.isPending ? (
        <p role="status">Loading staff...</p>
      ) : staff.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(staff.error, 'The staff list could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void staff.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <DataTable caption={`Staff accounts (${staff.data.items.length})`} label="Staff table" columns={columns} data={staff.data.items} />
      )}

      <AutoAssignSwitch />
    </section>
  );
}
