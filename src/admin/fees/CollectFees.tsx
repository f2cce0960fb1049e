/**
 * Collect fees (/fees; every role with 'fees'): the search box first (a name, 4 or more digits of
 * a mobile, a due reference D000123 or a receipt number), then the students found with what they
 * owe and what is overdue; one tap opens a student's fees, where the Collect form waits with the
 * amount due filled in. The search is kept in the address (?q=), so Back returns to the list. An
 * Owner or Accountant sees the refunds waiting below.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatRupees } from '../../lib/money';
import { api, listQuery, messageOf } from '../api';
import { feesStudentPath, PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import { useCan } from '../app-info';
import { RefundsWaiting } from './Refunds';
import type { FeeSearchAnswer } from './fee-types';
import { formatMobile } from '../../lib/mobile';

export default function CollectFees() {
  const id = useId();
  const can = useCan();
  const q = new URLSearchParams(useSearch()).get('q') ?? '';
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(q);
  const found = useQuery({
    queryKey: ['fees-search', q],
    queryFn: () => api<FeeSearchAnswer>(`/api/admin/fees/students${listQuery({ q })}`),
    enabled: q !== '',
    staleTime: 0,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`${PATHS.fees}${listQuery({ q: typed.trim() })}`);
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Collect fees" />
      <form role="search" onSubmit={submit} className="form-field">
        <label htmlFor={`${id}-q`}>Find a student</label>
        <p className="form-hint" id={`${id}-hint`}>
          A name, 4 or more digits of the mobile, a due reference (D000123) or a receipt number.
        </p>
        <div className="btn-row">
          <input
            id={`${id}-q`}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={`${id}-hint`}
            maxLength={60}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="btn btn--sm">
            Search
          </button>
        </div>
      </form>

      {q === '' ? null : found.isPending ? (
        <p role="status">Searching...</p>
      ) : found.isError ? (
        <p className="form-error" role="alert">
          {messageOf(found.error, 'The search could not be made. Please try again.')}
        </p>
      ) : found.data.students.length === 0 ? (
        <p role="status">Nobody matches “{q}”. Check the spelling, or try the mobile number.</p>
      ) : (
        <>
          <div role="status">
            <h2 className="admin-subheading">{found.data.students.length === 1 ? '1 student found' : `${found.data.students.length} students found`}</h2>
          </div>
          <ul className="lead-cards">
            {found.data.students.map((s) => (
              <li key={s.id} className="lead-card">
                <h3 className="lead-card__name">
                  <Link href={feesStudentPath(s.id)}>{s.name}</Link>
                </h3>
                <p className="lead-card__meta">
                  <span>{s.course}</span>
                  {s.phone && <span>{formatMobile(s.phone)}</span>}
                </p>
                <p>
                  {s.owedPaise === 0 ? 'Nothing owed' : `Owes ${formatRupees(s.owedPaise)}`}
                  {s.overduePaise > 0 && <strong> · {formatRupees(s.overduePaise)} overdue</strong>}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {can('fees-collect') && <RefundsWaiting />}
    </section>
  );
}
