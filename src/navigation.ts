/**
 * The site's menus as data: the header and footer render these lists. Labels are messages
 * (content/messages/site/), called where they are shown so they come in the page's language.
 */
import {
  mydata_footer_link,
  nav_aadhar,
  nav_about,
  nav_account,
  nav_admin_login,
  nav_application_status,
  nav_contact,
  nav_courses,
  nav_csc,
  nav_degree,
  nav_download,
  nav_emitra,
  nav_home,
  nav_iibf,
  nav_jobs,
  nav_nielit,
  nav_open_board,
  nav_privacy,
  nav_quick_links,
  nav_services,
  nav_student_login,
  nav_terms,
  nav_web,
} from './i18n/messages';

export interface NavLink {
  /** Visible label, in the page's language. */
  label: () => string;
  /** Path on this site. */
  href: string;
}

/** The Services submenu, in the order of the spec. */
export const serviceLinks: NavLink[] = [
  { label: nav_courses, href: '/coursePage' },
  { label: nav_degree, href: '/Degree' },
  { label: nav_open_board, href: '/openBoard' },
  { label: nav_emitra, href: '/emitra' },
  { label: nav_csc, href: '/cscService' },
  { label: nav_iibf, href: '/iibf' },
  { label: nav_aadhar, href: '/aadharPage' },
  { label: nav_nielit, href: '/nielit' },
  { label: nav_web, href: '/web' },
];

/** Main menu; `desktopOnly` items are left out of the mobile menu. */
export const mainLinks: (NavLink & { desktopOnly?: boolean; services?: boolean })[] = [
  { label: nav_home, href: '/' },
  { label: nav_about, href: '/about' },
  { label: nav_services, href: '/services', services: true },
  { label: nav_download, href: '/download' },
  { label: nav_jobs, href: '/jobs', desktopOnly: true },
  { label: nav_contact, href: '/contactForm' },
];

/** Footer link columns. */
export const footerLinks: { heading: () => string; links: NavLink[] }[] = [
  {
    heading: nav_quick_links,
    links: [
      { label: nav_home, href: '/' },
      { label: nav_about, href: '/about' },
      { label: nav_download, href: '/download' },
      { label: nav_contact, href: '/contactForm' },
      { label: nav_application_status, href: '/applicationStatus' },
      { label: nav_privacy, href: '/privacy' },
      { label: mydata_footer_link, href: '/data-request' },
      { label: nav_terms, href: '/terms' },
    ],
  },
  {
    heading: nav_services,
    links: serviceLinks.filter((link) => link.href !== '/web'),
  },
];

/** Header buttons. Student Login opens the login dialog; Account replaces it once signed in. */
export const loginLinks = {
  admin: { label: nav_admin_login, href: '/adminLogin' },
  student: { label: nav_student_login, href: '/login' },
  account: { label: nav_account, href: '/account' },
};
