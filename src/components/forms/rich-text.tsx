/**
 * A message whose words set some of themselves apart, in any language's word order: `**…**` is
 * strong, `[…]` is a link to `href`. 'Your reference is **{reference}**… on the [application
 * status page].' keeps its reference and its link wherever the Hindi puts them.
 */
import type { ReactNode } from 'react';

/** The message's text as React nodes (see the module's comment). */
export function richText(text: string, { href, strongClass }: { href?: string | undefined; strongClass?: string | undefined } = {}): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*|\[[^\]]+\])/)
    .filter(Boolean)
    .map((part, i) => {
      if (part.startsWith('**') && part.endsWith('**'))
        return (
          <strong key={i} className={strongClass}>
            {part.slice(2, -2)}
          </strong>
        );
      if (part.startsWith('[') && part.endsWith(']') && href)
        return (
          <a key={i} href={href}>
            {part.slice(1, -1)}
          </a>
        );
      return part;
    });
}
