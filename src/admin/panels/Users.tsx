/**
 * Website accounts (/adminUsers; the spec's 'Users'): the accounts students opened on the site (GET /api/user/all, keyset pages). A
 * failure says, as the spec does, 'You are not authorized or an error occurred'.
 */
import type { UserListing } from '../../lib/schemas/student';
import DataTable, { type Columns } from '../ui/DataTable';
import LoadMore from '../ui/LoadMore';
import PanelHeading from '../ui/PanelHeading';
import { formatMoment } from '../ui/dates';
import { usePaged } from '../ui/use-paged';

const COLUMNS: Columns<UserListing> = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'email', accessorKey: 'email', header: 'Email' },
  { id: 'role', accessorFn: (u) => u.role || '—', header: 'Role' },
  { id: 'createdAt', accessorFn: (u) => formatMoment(u.createdAt), header: 'Joined' },
];

export default function Users() {
  const { list, rows } = usePaged<UserListing>('/api/user/all');
  return (
    <section className="admin-panel">
      <PanelHeading title="Website accounts" />
      <p>Accounts students opened on the website (Register), newest first. These are not staff accounts and not student records.</p>
      {list.isPending ? (
        <p role="status">Loading users...</p>
      ) : list.isError ? (
        <p className="form-error" role="alert">
          You are not authorized or an error occurred
        </p>
      ) : rows.length === 0 ? (
        <p>No accounts yet.</p>
      ) : (
        <>
          <DataTable caption={`Accounts (${rows.length}${list.hasNextPage ? '+' : ''})`} label="Website accounts table" columns={COLUMNS} data={rows} />
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}
