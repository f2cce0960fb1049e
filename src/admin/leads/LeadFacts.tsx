/** Everything a lead sent, and where the visit came from, as term–value lists. */
import { departmentLabel, formLabel, leadKindLabel, sourceLabel } from '../../lib/labels';
import type { LeadDetail } from '../../lib/schemas/lead';
import { formatMoment } from '../ui/dates';
import { formatMobile } from '../../lib/mobile';
import { LANGUAGE_WORDS, languageOf } from '../../lib/person-language';

/** A term and its value, left out when there is no value. */
function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** What the lead sent. */
export function SentFacts({ lead }: { lead: LeadDetail }) {
  return (
    <dl className="lead-facts">
      <Fact term="Reference" value={lead.reference} />
      <Fact term="Received" value={formatMoment(lead.createdAt)} />
      <Fact term="Kind" value={leadKindLabel(lead.kind)} />
      <Fact term="Form" value={formLabel(lead.form)} />
      <Fact term="Name" value={lead.name} />
      <Fact term="Mobile" value={lead.phone && formatMobile(lead.phone)} />
      <Fact term="E-mail" value={lead.email} />
      {/* The page's language they wrote from: mail to them is in it, and WhatsApp opens in it. */}
      <Fact term="Language" value={LANGUAGE_WORDS[languageOf(lead)]} />
      <Fact term="Department" value={departmentLabel(lead.department)} />
      <Fact term="Course" value={lead.course} />
      <Fact term="Subject" value={lead.subject} />
      <Fact term="Message" value={lead.message} />
      <Fact term="Notified staff" value={lead.notifiedAt ? formatMoment(lead.notifiedAt) : lead.notifyError ? `Failed: ${lead.notifyError}` : null} />
    </dl>
  );
}

/** Where the visit came from (the source, UTM parameters, referring site and first page). */
export function SourceFacts({ lead }: { lead: LeadDetail }) {
  const a = lead.attribution;
  return (
    <dl className="lead-facts">
      <Fact term="Source" value={sourceLabel(lead.source)} />
      <Fact term="UTM source" value={a.utmSource} />
      <Fact term="UTM medium" value={a.utmMedium} />
      <Fact term="UTM campaign" value={a.utmCampaign} />
      <Fact term="UTM term" value={a.utmTerm} />
      <Fact term="UTM content" value={a.utmContent} />
      <Fact term="Referring site" value={a.referrer} />
      <Fact term="First page of the visit" value={a.landingPage} />
    </dl>
  );
}
