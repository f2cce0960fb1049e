/** A titled part of a lead's page; `folded` ones open on demand (the page is long on a phone). */
import type { ReactNode } from 'react';

export default function LeadPart({ title, folded, children }: { title: string; folded?: boolean; children: ReactNode }) {
  if (folded) {
    return (
      <details className="lead-part lead-part--folded">
        <summary className="admin-subheading">{title}</summary>
        {children}
      </details>
    );
  }
  return (
    <section className="lead-part" aria-label={title}>
      <h2 className="admin-subheading">{title}</h2>
      {children}
    </section>
  );
}
