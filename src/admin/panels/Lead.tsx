/** Placeholder until the inbox panel lands. */
export default function Lead({ id }: { id: string }) {
  return <p>Lead {id}</p>;
}
