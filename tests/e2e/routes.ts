/**
 * The one list of public routes every browser test walks: where each page lives, how its title
 * starts and what its one h1 says (texts from the spec where the spec gives them).
 */
import { readFileSync } from 'node:fs';
import { ADMIN_ROUTES } from '../../src/admin/routes';

/** Institute facts as the editor wrote them in content/site.json. */
export interface SiteFacts {
  name: string;
  phone: string;
  email: string;
  website: string;
  appStoreUrl: string;
  /** Words in both languages, as content/ holds them. */
  announcementDefault: { en: string; hi: string };
  copyrightYear: number;
  social: { name: string; href: string }[];
  messagingChannel: { label: { en: string; hi: string }; href: string };
}

/** Reads a file of the project's content/ folder. */
export function content<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8')) as T;
}

export const site = content<SiteFacts>('site.json');

/** The phone number as a tel: link writes it. */
export const telHref = `tel:${site.phone.replace(/\s/g, '')}`;

export interface PublicRoute {
  /** Path as the spec spells it. */
  path: string;
  /** How the <title> starts, before " | <institute name>". */
  title: string;
  /** Text of the page's one h1. */
  h1: string | RegExp;
  /**
   * Path whose canonical address this page announces (when `path` is an alias spelling, or an
   * address answered by the one shell page of a route with a segment from the address).
   */
  canonical?: string;
  /** Not for search engines (account screens, placeholders): noindex, left out of the sitemap. */
  unlisted?: boolean;
}

export const routes: PublicRoute[] = [
  { path: '/', title: 'Computer Courses in Sojat City', h1: 'Crafting Careers, Empowering Learners' },
  { path: '/services', title: 'Services', h1: 'Our Services' },
  { path: '/coursePage', title: 'Courses', h1: 'Courses' },
  { path: '/openBoard', title: 'Open-Board', h1: 'Open Board Admission' },
  { path: '/Degree', title: 'Degree Courses', h1: 'Degree Courses' },
  { path: '/degree', title: 'Degree Courses', h1: 'Degree Courses', canonical: '/Degree' },
  { path: '/courseDetail', title: 'BBA', h1: /BBA/ },
  { path: '/nielit', title: 'NIELIT', h1: /NIELIT/ },
  { path: '/web', title: 'Website Design', h1: /Website Design/ },
  { path: '/about', title: 'About', h1: /About/ },
  { path: '/jobs', title: 'Careers', h1: /Careers|Jobs/ },
  { path: '/emitra', title: 'E-Mitra', h1: /E-Mitra/i },
  { path: '/cscService', title: 'CSC', h1: /CSC/ },
  { path: '/iibf', title: 'IIBF', h1: /IIBF/ },
  { path: '/aadharPage', title: 'Aadhar', h1: /Aadhar/ },
  { path: '/download', title: 'Download', h1: /Download|Forms/i },
  { path: '/privacy', title: 'Privacy Policy', h1: /Privacy Policy/ },
  { path: '/terms', title: 'Terms', h1: /Terms/ },
  { path: '/contactForm', title: 'Contact', h1: /Contact/ },
  { path: '/apply', title: 'Apply', h1: /Apply|Get Started/ },
  { path: '/course-list', title: 'Course List', h1: 'Course List' },
  { path: '/applicationStatus', title: 'Application Status', h1: 'Application Status' },
  { path: '/data-request', title: 'Ask about your data', h1: 'Ask about your data' },
  // The application forms (document 001, sections 2 and 3).
  { path: '/EmitraForm', title: 'Kiosk (e-Mitra) Registration Form', h1: 'Kiosk (e-Mitra) Registration Form' },
  { path: '/CSCForm', title: 'CSC Application Form', h1: 'CSC Application Form' },
  { path: '/IIBFForm', title: 'IIBF Application Form', h1: 'IIBF Application Form' },
  { path: '/NeilitForm', title: 'NIELIT Admission Form', h1: 'NIELIT Admission Form' },
  { path: '/fixDocuments', title: 'Upload Your Documents Again', h1: 'Upload Your Documents Again', unlisted: true },
  { path: '/guardian-consent', title: 'Consent for a child’s form', h1: 'Consent for a child’s form', unlisted: true },
  // Accounts (document 001): the screens and the guarded pages.
  { path: '/login', title: 'Student Login', h1: 'Login to Your Account', unlisted: true },
  { path: '/register', title: 'Create Your Account', h1: 'Create Your Account', unlisted: true },
  { path: '/verify', title: 'Verify Your Account', h1: 'Verify Your Account', unlisted: true },
  { path: '/forgot-password', title: 'Reset Your Password', h1: 'Reset Your Password', unlisted: true },
  { path: '/account', title: 'My Account', h1: 'Account', unlisted: true },
  // Staff sign-in (the admin app itself is listed in adminAppRoutes below).
  { path: '/adminLogin', title: 'Admin Login', h1: 'Admin Login', unlisted: true },
  { path: '/adminInvite', title: 'Staff Invitation', h1: 'Staff Invitation', unlisted: true },
  // One shell page per route with a segment from the address, answered through a rewrite.
  { path: '/course/web-101', title: 'Course details', h1: 'Course details', canonical: '/course/_', unlisted: true },
  { path: '/payment-success/PAY-2026-00042', title: 'Payment', h1: 'Your Payment', canonical: '/payment-success/_', unlisted: true },
  { path: '/player/web-101', title: 'Player', h1: 'Player', canonical: '/player/_', unlisted: true },
  { path: '/course-list/tally', title: 'Course Search', h1: 'Course List', canonical: '/course-list/_', unlisted: true },
  // Certificates anyone can verify (not for search engines). The shells are walked with an address that is no
  // certificate number, which the page tells without asking the API (tests/e2e/certificates.spec.ts reads real ones).
  { path: '/certificate', title: 'Verify a certificate', h1: 'Verify a certificate', unlisted: true },
  { path: '/certificate/example', title: 'Certificate verification', h1: 'Certificate verification', canonical: '/certificate/_', unlisted: true },
  { path: '/certificate/example/print', title: 'Print certificate', h1: 'Print certificate', canonical: '/certificate/_/print', unlisted: true },
  // A batch's certificates to print (a staff page, English only): walked without a batch, which the page tells without asking the API.
  { path: '/certificates/print', title: 'Print a batch’s certificates', h1: 'Print a batch’s certificates', unlisted: true },
  // A fee receipt to print: walked with an address that is no receipt id, which the page tells without asking the API.
  { path: '/fees/receipt/example', title: 'Print receipt', h1: 'Print receipt', canonical: '/fees/receipt/_', unlisted: true },
];

/**
 * The staff admin app: every address the one shell page (/adminPanel) answers with a panel of a
 * fixed heading (src/admin/routes.ts; a lead's page and a student's form need a real record, and
 * their journeys check them). Not in `routes`: without a staff session each of them sends the browser home, so the
 * admin specs (tests/e2e/admin*.spec.ts) visit them signed in.
 */
export const adminAppRoutes: { path: string; h1: string }[] = ADMIN_ROUTES.flatMap(({ path, h1 }) => (h1 ? [{ path, h1 }] : []));

/** Any unknown address: answered 404 with a page that helps the visitor on. */
export const notFound = { path: '/no-such-page-here', title: 'Page not found', h1: /not found|can.t find|couldn.t find/i };

/** Every page the tests visit: the routes and the 404 page. */
export const allPages: { path: string; status: number }[] = [...routes.map((r) => ({ path: r.path, status: 200 })), { path: notFound.path, status: 404 }];

/** Staff pages: English only, no Hindi twin. */
export const englishOnly = ['/adminLogin', '/adminInvite', '/certificates/print'];

/** The same page in Hindi: `/about` → `/hi/about`, `/` → `/hi`. */
export const hindiPath = (path: string) => (path === '/' ? '/hi' : `/hi${path}`);

/** Every page a visitor reads, in Hindi: the Hindi twin of each of `allPages` but the staff's. */
export const hindiPages: { path: string; english: string; status: number }[] = allPages
  .filter(({ path }) => !englishOnly.includes(path))
  .map(({ path, status }) => ({ path: hindiPath(path), english: path, status }));

/** Footer links the spec lists (document 000, section 2). */
export const footerPaths = [
  '/',
  '/about',
  '/download',
  '/contactForm',
  '/applicationStatus',
  '/coursePage',
  '/Degree',
  '/openBoard',
  '/emitra',
  '/cscService',
  '/iibf',
  '/aadharPage',
  '/nielit',
  '/privacy',
  '/data-request',
  '/terms',
];

/** The Services submenu, in the spec's order. */
export const servicePaths = ['/coursePage', '/Degree', '/openBoard', '/emitra', '/cscService', '/iibf', '/aadharPage', '/nielit', '/web'];

/** Escapes text for use inside a RegExp. */
export const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches exactly this path on this site, with or without the origin. */
export const hrefRe = (path: string) => new RegExp(`^(https?://[^/]+)?${escapeRe(path)}$`);
