/**
 * Dashboard (/adminPanel, /adminDashboard): the server's message and the real figures (GET
 * /api/admin/dashboard), then the last 30 days' people and enquiries by source and by course with
 * how many people were admitted — where advertising brings people who join; and the shortcuts the
 * role may open (routes.ts). As the spec says, a dashboard that cannot
 * be loaded sends the browser home (a 401 instead opens /adminLogin saying the session ended, see api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { api, ApiError } from '../api';
import { sourceLabel } from '../../lib/source-labels';
import { useCan } from '../app-info';
import { shortcutsFor } from '../routes';
import PanelHeading from '../ui/PanelHeading';

/** One row of a breakdown: the people and enquiries of the last 30 days, and how many of those people are admitted. */
export interface LeadCount {
  people: number;
  leads: number;
  admitted: number;
}

/** GET /api/admin/dashboard. */
export interface DashboardFigures {
  message: string;
  registeredUsers: number;
  activeSessions: number;
  registrationsLast7Days: number;
  leadsToday: number;
  /** The people who sent today's leads. */
  peopleToday: number;
  leadsThisWeek: number;
  peopleThisWeek: number;
  visitors: number;
  /** Leads received in the last 30 days. */
  leadsLast30Days: number;
  /** The people who sent them. */
  peopleLast30Days: number;
  /** Of those people, how many are admitted by now. */
  admittedLast30Days: number;
  /** The same leads by where the visit came from, biggest first. */
  leadsBySource: (LeadCount & { source: string })[];
  /** The same leads by course ('Not given' when none), biggest first. */
  leadsByCourse: (LeadCount & { course: string })[];
  generatedAt: string;
}

type CardKey = 'registeredUsers' | 'activeSessions' | 'registrationsLast7Days' | 'peopleToday' | 'peopleThisWeek' | 'visitors';

/** "12 people · 15 enquiries": people and their enquiries counted apart. */
export const peopleAndEnquiries = (people: number, enquiries: number) =>
  `${number.format(people)} ${people === 1 ? 'person' : 'people'} · ${number.format(enquiries)} ${enquiries === 1 ? 'enquiry' : 'enquiries'}`;

const CARDS: { key: CardKey; label: string; hint: string | ((f: DashboardFigures) => string) }[] = [
  { key: 'registeredUsers', label: 'Total Users', hint: 'Student accounts' },
  { key: 'activeSessions', label: 'Active Sessions', hint: 'Students and staff signed in now' },
  { key: 'registrationsLast7Days', label: 'New Registrations (last 7 days)', hint: 'Accounts opened' },
  { key: 'peopleToday', label: 'People who enquired today', hint: (f) => peopleAndEnquiries(f.peopleToday, f.leadsToday) },
  { key: 'peopleThisWeek', label: 'People who enquired this week', hint: (f) => `${peopleAndEnquiries(f.peopleThisWeek, f.leadsThisWeek)} since Monday` },
  { key: 'visitors', label: 'Visitors', hint: 'Visits counted by the site' },
];

const number = new Intl.NumberFormat('en-IN');
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });
const time = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

export default function Dashboard() {
  const can = useCan();
  const figures = useQuery({ queryKey: ['dashboard'], queryFn: () => api<DashboardFigures>('/api/admin/dashboard') });

  useEffect(() => {
    // A 401 has sent the browser to sign in already (api.ts); going home would undo that.
    if (figures.isError && !(figures.error instanceof ApiError && figures.error.status === 401)) location.replace('/');
  }, [figures.isError, figures.error]);

  return (
    <section className="admin-panel">
      <PanelHeading title="Dashboard" />
      {figures.data ? (
        <>
          <p className="admin-dashboard__message">{figures.data.message}</p>
          <ul className="admin-cards">
            {CARDS.map((card) => (
              <li key={card.key} className="admin-card">
                <span className="admin-card__label">{card.label}</span>
                <span className="admin-card__value">{number.format(figures.data[card.key])}</span>
                <span className="admin-card__hint">{typeof card.hint === 'string' ? card.hint : card.hint(figures.data)}</span>
              </li>
            ))}
          </ul>
          <p className="admin-note">Figures as of {time.format(new Date(figures.data.generatedAt))} (India time).</p>
          <LeadSources figures={figures.data} />
        </>
      ) : (
        <p role="status">Loading the figures…</p>
      )}
      <h2 className="admin-subheading">Shortcuts</h2>
      <ul className="admin-shortcuts">
        {shortcutsFor(can).map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The last 30 days' leads by source and by course, or a line saying there were none. */
function LeadSources({ figures }: { figures: DashboardFigures }) {
  return (
    <>
      <h2 className="admin-subheading">Where leads come from</h2>
      {figures.leadsLast30Days === 0 ? (
        <p className="admin-note">No leads in the last 30 days. Enquiries from the website's forms appear here by source and by course.</p>
      ) : (
        <>
          <p>
            {peopleAndEnquiries(figures.peopleLast30Days, figures.leadsLast30Days)} in the last 30 days, {number.format(figures.admittedLast30Days)} admitted.
          </p>
          <div className="admin-breakdowns">
            <Breakdown
              caption="Leads by source, last 30 days"
              heading="Source"
              rows={figures.leadsBySource.map((r) => ({ ...r, name: sourceLabel(r.source) }))}
            />
            <Breakdown caption="Leads by course, last 30 days" heading="Course" rows={figures.leadsByCourse.map((r) => ({ ...r, name: r.course }))} />
          </div>
        </>
      )}
    </>
  );
}

/**
 * A small table of people and their enquiries (one column, so that four fit a 360 px screen),
 * people admitted and their share, per source or course.
 */
function Breakdown({ caption, heading, rows }: { caption: string; heading: string; rows: (LeadCount & { name: string })[] }) {
  return (
    <div className="table-wrap admin-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table admin-table admin-table--fit">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">People · enquiries</th>
            <th scope="col">Admitted</th>
            <th scope="col">Share admitted</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>
                {number.format(row.people)} · {number.format(row.leads)}
              </td>
              <td>{number.format(row.admitted)}</td>
              <td>{percent.format(row.people ? row.admitted / row.people : 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
