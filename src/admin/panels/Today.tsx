/** Placeholder until the inbox panel lands. */
export default function Today() {
  return <p>Today</p>;
}
