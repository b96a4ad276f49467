import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { Button, Input } from "./ui/index.ts";

/**
 * A search box that opens the catalogue's results for the words typed (`/?q=`), or home when it is empty:
 * the home page's hero and the "resource not found" page use it.
 */
export function SearchForm({
  id,
  label,
  button,
  buttonLabel,
  large = false,
}: {
  id: string;
  label: string;
  /** The button's content (a word or an icon); `buttonLabel` names it when it is an icon. */
  button: ReactNode;
  buttonLabel?: string;
  large?: boolean;
}) {
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = q.trim();
    navigate(words ? `/?q=${encodeURIComponent(words)}` : "/");
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder={label}
        className={large ? "min-h-12 text-lg shadow-sm" : undefined}
        enterKeyHint="search"
      />
      <Button type="submit" size={large ? "lg" : undefined} aria-label={buttonLabel}>
        {button}
      </Button>
    </form>
  );
}
