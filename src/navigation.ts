/** The site's menus as data: the header and footer render these lists. */
export interface NavLink {
  /** Visible label. */
  label: string;
  /** Path on this site. */
  href: string;
}

/** The Services submenu, in the order of the spec. */
export const serviceLinks: NavLink[] = [
  { label: 'Courses', href: '/coursePage' },
  { label: 'Degree Courses', href: '/Degree' },
  { label: 'Open Board', href: '/openBoard' },
  { label: 'E-Mitra', href: '/emitra' },
  { label: 'CSC Services', href: '/cscService' },
  { label: 'IIBF Services', href: '/iibf' },
  { label: 'Aadhar Service', href: '/aadharPage' },
  { label: 'NIELIT Courses', href: '/nielit' },
  { label: 'Website Design', href: '/web' },
];

/** Main menu; `desktopOnly` items are left out of the mobile menu. */
export const mainLinks: (NavLink & { desktopOnly?: boolean; services?: boolean })[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Services', href: '/services', services: true },
  { label: 'Download', href: '/download' },
  { label: 'Jobs', href: '/jobs', desktopOnly: true },
  { label: 'Contact Us', href: '/contactForm' },
];

/** Footer link columns. */
export const footerLinks: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'Quick links',
    links: [
      { label: 'Home', href: '/' },
      { label: 'About', href: '/about' },
      { label: 'Download', href: '/download' },
      { label: 'Contact Us', href: '/contactForm' },
      { label: 'Application Status', href: '/applicationStatus' },
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Terms & Conditions', href: '/terms' },
    ],
  },
  {
    heading: 'Services',
    links: serviceLinks.filter((link) => link.href !== '/web'),
  },
];

/** Header buttons. Student Login opens the login dialog; Account replaces it once signed in. */
export const loginLinks = {
  admin: { label: 'Admin Login', href: '/adminLogin' },
  student: { label: 'Student Login', href: '/login' },
  account: { label: 'Account', href: '/account' },
};

/** Pages of the educator area (placeholders until its permission rules are known). */
export const educatorLinks: NavLink[] = [
  { label: 'Add a Course', href: '/educater/add-Course' },
  { label: 'My Courses', href: '/educater/my-courses' },
  { label: 'Students Enrolled', href: '/educater/student-enrolled' },
];
