/**
 * Dashboard (/adminPanel, /adminDashboard): the server's message and the real figures (GET
 * /api/admin/dashboard). As the spec says, a dashboard that cannot be loaded sends the browser
 * home (a 401 also forgets the marker, see api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { api } from '../api';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';

/** GET /api/admin/dashboard. */
export interface DashboardFigures {
  message: string;
  registeredUsers: number;
  activeSessions: number;
  registrationsLast7Days: number;
  leadsToday: number;
  leadsThisWeek: number;
  visitors: number;
  generatedAt: string;
}

const CARDS: { key: keyof Omit<DashboardFigures, 'message' | 'generatedAt'>; label: string; hint: string }[] = [
  { key: 'registeredUsers', label: 'Total Users', hint: 'Student accounts' },
  { key: 'activeSessions', label: 'Active Sessions', hint: 'Students and staff signed in now' },
  { key: 'registrationsLast7Days', label: 'New Registrations (last 7 days)', hint: 'Accounts opened' },
  { key: 'leadsToday', label: 'Leads today', hint: 'Applications and messages' },
  { key: 'leadsThisWeek', label: 'Leads this week', hint: 'Since Monday, India time' },
  { key: 'visitors', label: 'Visitors', hint: 'Visits counted by the site' },
];

const number = new Intl.NumberFormat('en-IN');
const time = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

export default function Dashboard() {
  const figures = useQuery({ queryKey: ['dashboard'], queryFn: () => api<DashboardFigures>('/api/admin/dashboard') });

  useEffect(() => {
    if (figures.isError) location.replace('/');
  }, [figures.isError]);

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
                <span className="admin-card__hint">{card.hint}</span>
              </li>
            ))}
          </ul>
          <p className="admin-note">Figures as of {time.format(new Date(figures.data.generatedAt))} (India time).</p>
        </>
      ) : (
        <p role="status">Loading the figures…</p>
      )}
      <h2 className="admin-subheading">Shortcuts</h2>
      <ul className="admin-shortcuts">
        <li>
          <Link href={PATHS.newStudent}>Register a student</Link>
        </li>
        <li>
          <Link href={PATHS.notification}>Update the announcement line</Link>
        </li>
        <li>
          <Link href={PATHS.jobs}>Post a job opening</Link>
        </li>
        <li>
          <Link href={PATHS.courses}>Add a course</Link>
        </li>
      </ul>
    </section>
  );
}
