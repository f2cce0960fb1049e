/** Who can teach a batch, as the batch form and the Batch List's teacher filter offer them. */
import { useQuery } from '@tanstack/react-query';
import { canTeach } from '../../lib/staff-roles';
import { api } from '../api';
import type { StaffListing } from '../panels/Staff';

/** Of `staff`, those who can be a batch's teacher: active, in a role that teaches (the server refuses anyone else). */
export const teachersOf = (staff: readonly StaffListing[]): StaffListing[] => staff.filter((s) => s.status === 'active' && canTeach(s.role));

/** The colleagues who can teach (GET /api/admin/staff, read only where `enabled`); undefined while loading. */
export function useTeachers(enabled = true): StaffListing[] | undefined {
  const staff = useQuery({ queryKey: ['/api/admin/staff'], queryFn: () => api<{ items: StaffListing[] }>('/api/admin/staff'), enabled });
  return staff.data && teachersOf(staff.data.items);
}
