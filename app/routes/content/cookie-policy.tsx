// Filled in by the content pages work.
export default function Placeholder() {
  return null;
}
