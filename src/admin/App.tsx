/**
 * The staff admin app: one React island, served by the one shell page /adminPanel for every
 * admin address (netlify.toml rewrites them to it). It checks the session first (the `adminToken`
 * marker, then GET /api/admin/me: a browser never signed in goes home, as the spec says; a
 * session that has ended goes to /adminLogin with a notice, see api.ts),
 * then draws the frame (sidebar 'Admin Panel', header, avatar) and the panel the address names,
 * or "Your role does not allow this page" where the role may not open it.
 * Routing with wouter, server data with TanStack Query. Panels used less often load on demand.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { Route, Switch } from 'wouter';
import ToastHost from '../components/islands/ToastHost';
import { takeFlash } from '../lib/flash';
import { hasAdminMarker } from '../stores/admin-session';
import { api, ApiError, leaveApp } from './api';
import { AppInfoContext, type AppInfo, type Me } from './app-info';
import Frame from './Frame';
import Dashboard from './panels/Dashboard';
import NotAllowed from './panels/NotAllowed';
import NotFound from './panels/NotFound';
import { ADMIN_ROUTES, PANEL_NEEDS, type Panel } from './routes';
import { ConfirmProvider } from './ui/ConfirmDialog';

const Today = lazy(() => import('./panels/Today'));
const Leads = lazy(() => import('./panels/Leads'));
const Lead = lazy(() => import('./panels/Lead'));
const Notifications = lazy(() => import('./panels/Notifications'));
const Courses = lazy(() => import('./panels/Courses'));
const Jobs = lazy(() => import('./panels/Jobs'));
const Students = lazy(() => import('./panels/Students'));
const StudentForm = lazy(() => import('./panels/StudentForm'));
const Users = lazy(() => import('./panels/Users'));
const Staff = lazy(() => import('./panels/Staff'));
const Audit = lazy(() => import('./panels/Audit'));
const Security = lazy(() => import('./panels/Security'));
const Attendance = lazy(() => import('./panels/Attendance'));
const BatchScreens = lazy(() => import('./panels/BatchScreens'));
const Certificates = lazy(() => import('./panels/Certificates'));
const CollectFees = lazy(() => import('./fees/CollectFees'));
const StudentFees = lazy(() => import('./fees/StudentFees'));
const FeeReports = lazy(() => import('./fees/FeeReports'));
const FeePlans = lazy(() => import('./fees/FeePlans'));
const FeeDue = lazy(() => import('./fees/FeeDue'));
const WalkIn = lazy(() => import('./fees/WalkIn'));
const CashBook = lazy(() => import('./fees/CashBook'));
const GuardianAtOffice = lazy(() => import('./panels/GuardianAtOffice'));
const Settings = lazy(() => import('./panels/Settings'));
const StudentImport = lazy(() => import('./panels/StudentImport'));
const EducatorHome = lazy(() => import('./practice/EducatorHome'));
const CourseChapters = lazy(() => import('./practice/CourseChapters'));
const MyCourses = lazy(() => import('./practice/MyCourses'));
const Enrolled = lazy(() => import('./practice/Enrolled'));
const QuestionBank = lazy(() => import('./practice/QuestionBank'));
const QuestionImport = lazy(() => import('./practice/QuestionImport'));
const PracticeTest = lazy(() => import('./practice/PracticeTest'));
const DataRequests = lazy(() => import('./privacy/DataRequests'));

/** The component of each panel, given the parts of its address (`:id`). */
const PANELS: Record<Panel, (params: Record<string, string | undefined>) => ReactNode> = {
  dashboard: () => <Dashboard />,
  today: () => <Today />,
  leads: () => <Leads />,
  lead: ({ id }) => <Lead id={id!} />,
  students: () => <Students mode="all" />,
  'student-list': () => <Students mode="manage" />,
  'new-student': () => <StudentForm />,
  'edit-student-pick': () => <Students mode="edit" />,
  'delete-student-pick': () => <Students mode="delete" />,
  'edit-student': ({ id }) => <StudentForm id={id} />,
  courses: () => <Courses />,
  jobs: () => <Jobs />,
  notification: () => <Notifications />,
  users: () => <Users />,
  staff: () => <Staff />,
  audit: () => <Audit />,
  settings: () => <Settings />,
  security: () => <Security />,
  classes: () => <Attendance screen="classes" />,
  register: ({ batchId }) => <Attendance screen="register" batchId={batchId} />,
  'attendance-grid': ({ batchId }) => <Attendance screen="grid" batchId={batchId} />,
  batches: () => <BatchScreens screen="list" />,
  'new-batch': () => <BatchScreens screen="form" />,
  'edit-batch': ({ id }) => <BatchScreens screen="form" id={id} />,
  'batch-assign': () => <BatchScreens screen="assign" />,
  'batch-roster': () => <BatchScreens screen="roster" />,
  'batch-remove': () => <BatchScreens screen="remove" />,
  timetable: () => <BatchScreens screen="timetable" />,
  certificates: () => <Certificates />,
  fees: () => <CollectFees />,
  'fees-student': ({ studentId }) => <StudentFees studentId={studentId!} />,
  'fee-reports': () => <FeeReports />,
  'fee-plans': () => <FeePlans />,
  'fee-due': ({ dueId }) => <FeeDue id={dueId!} />,
  'walk-in': () => <WalkIn />,
  'cash-book': () => <CashBook />,
  'guardian-office': () => <GuardianAtOffice />,
  'student-import': () => <StudentImport />,
  educator: () => <EducatorHome />,
  'course-chapters': () => <CourseChapters />,
  'my-courses': () => <MyCourses />,
  enrolled: () => <Enrolled />,
  'question-bank': () => <QuestionBank />,
  'question-import': () => <QuestionImport />,
  'practice-test': ({ id }) => <PracticeTest id={id!} />,
  'privacy-requests': () => <DataRequests />,
  'privacy-request': ({ id }) => <DataRequests id={id!} />,
};

interface Props {
  /** The institute's name (content/site.json), for page titles. */
  siteName: string;
  /** The announcement line's text when there is no message (content/site.json), for the preview. */
  announcementDefault: string;
  /** The WhatsApp message templates (content/whatsapp.json), for Today and a lead's page. */
  whatsappTemplates: AppInfo['whatsappTemplates'];
}

/** Retries a failed read once, never a refusal (4xx): asking again would not change the answer. */
const retry = (count: number, error: Error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export default function App({ siteName, announcementDefault, whatsappTemplates }: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <ToastHost />
      <ConfirmProvider>
        <SessionGate info={{ siteName, announcementDefault, whatsappTemplates }} />
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

/** Shows the app only to a signed-in session; anything else goes home. */
function SessionGate({ info }: { info: Omit<AppInfo, 'me'> }) {
  const [marked] = useState(hasAdminMarker);
  const session = useQuery({ queryKey: ['me'], queryFn: () => api<Me>('/api/admin/me'), enabled: marked, staleTime: 5 * 60_000 });
  const me = session.data?.stage === 'signed-in' ? session.data : null;

  useEffect(() => {
    if (!marked || (session.data && !me)) leaveApp();
  }, [marked, session.data, me]);

  // The welcome the sign-in page carried over.
  useEffect(() => {
    if (!me) return;
    const message = takeFlash();
    if (message) toast.success(message);
  }, [me]);

  if (!me) {
    const failed = session.isError && !(session.error instanceof ApiError && session.error.status === 401);
    return (
      <div className="admin-gate">
        {failed ? (
          <>
            <p role="alert">The admin area could not reach the server. Please check the connection.</p>
            <button type="button" className="btn" onClick={() => void session.refetch()}>
              Try again
            </button>
          </>
        ) : (
          <p role="status">Checking your sign-in…</p>
        )}
      </div>
    );
  }

  return (
    <AppInfoContext value={{ ...info, me }}>
      <Frame>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Switch>
            {ADMIN_ROUTES.map((route) => (
              <Route key={route.path} path={route.path}>
                {(params) => (me.permissions.includes(PANEL_NEEDS[route.panel]) ? PANELS[route.panel](params) : <NotAllowed />)}
              </Route>
            ))}
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </Frame>
    </AppInfoContext>
  );
}
