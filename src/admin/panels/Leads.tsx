/** Placeholder until the inbox panel lands. */
export default function Leads() {
  return <p>Leads</p>;
}
