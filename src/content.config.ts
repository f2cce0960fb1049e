/**
 * Content collections: every file in the top-level content/ folder and the schema it must
 * satisfy. A wrong field fails `astro build` with the file and the field's path.
 * One module per collection under src/schemas/content/ holds its schema and loader.
 */
import { site } from './schemas/content/site';
import { home } from './schemas/content/home';
import { testimonials } from './schemas/content/testimonials';
import { team } from './schemas/content/team';
import { departments } from './schemas/content/departments';
import { catalogue } from './schemas/content/catalogue';
import { openBoard } from './schemas/content/open-board';
import { degrees } from './schemas/content/degrees';
import { bba } from './schemas/content/bba';
import { nielit } from './schemas/content/nielit';
import { webPackages } from './schemas/content/web-packages';
import { about } from './schemas/content/about';
import { jobs } from './schemas/content/jobs';
import { emitra } from './schemas/content/emitra';
import { csc } from './schemas/content/csc';
import { iibf } from './schemas/content/iibf';
import { aadhar } from './schemas/content/aadhar';
import { downloads } from './schemas/content/downloads';
import { contact } from './schemas/content/contact';
import { legal } from './schemas/content/legal';
import { whatsapp } from './schemas/content/whatsapp';
import { forms } from './schemas/content/forms';
import { applicationStatus } from './schemas/content/application-status';
import { certificate } from './schemas/content/certificate';
import { glossary } from './schemas/content/glossary';
import { sampleBank } from './schemas/content/sample-bank';
import { privacyNotice } from './schemas/content/privacy-notice';

export const collections = {
  site,
  home,
  testimonials,
  team,
  departments,
  catalogue,
  openBoard,
  degrees,
  bba,
  nielit,
  webPackages,
  about,
  jobs,
  emitra,
  csc,
  iibf,
  aadhar,
  downloads,
  contact,
  legal,
  whatsapp,
  forms,
  applicationStatus,
  certificate,
  glossary,
  sampleBank,
  privacyNotice,
};
