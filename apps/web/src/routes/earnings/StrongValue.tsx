/**
 * A text with one value in bold, e.g. "Total requested: {amount}": the words around the placeholder come from
 * the (overridable) text, the value is set in <strong>. A text without the placeholder is shown as it is.
 */
export function StrongValue({ text, name, value }: { text: string; name: string; value: string }) {
  const at = text.indexOf(`{${name}}`);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong>{value}</strong>
      {text.slice(at + name.length + 2)}
    </>
  );
}
