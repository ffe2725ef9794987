import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";

// The header search box's suggestions (issue 25, item 5; decision 0050): loaded when the box is
// first focused, so no page carries it on first load. Without JavaScript the box is a plain
// search form. Recent searches live in this browser only (localStorage), never on the server.

const RECENT_KEY = "cl_recent_searches";
const MAX_RECENT = 5;

interface Option {
  kind: "recent" | "brand" | "category";
  label: string;
  url: string;
}

const KIND_LABEL: Record<Option["kind"], string> = { recent: "Recent search", brand: "Brand", category: "Category" };

function recentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === "string").slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

function remember(search: string) {
  const words = search.trim().slice(0, 100);
  if (!words) return;
  try {
    localStorage.setItem(
      RECENT_KEY,
      JSON.stringify(
        [words, ...recentSearches().filter((s) => s.toLowerCase() !== words.toLowerCase())].slice(0, MAX_RECENT),
      ),
    );
  } catch {
    // storage full or refused: recent searches are a nicety
  }
}

export default function SearchSuggest({ inputId }: { inputId: string }) {
  const listId = useId();
  const navigate = useNavigate();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useRef({ options, active });
  state.current = { options, active };
  // Every search this browser lands on is a recent search, however it was made (this box, a
  // listing's filters, a link), even the one typed before this module had loaded.
  const { search } = useLocation();
  useEffect(() => {
    const words = new URLSearchParams(search).get("search");
    if (words) remember(words);
  }, [search]);

  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    // The box keeps its searchbox role (tests and assistive tech find it by it); a searchbox may
    // own a list of suggestions and point at the active one, but not say it is expanded.
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("autocomplete", "off");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked: AbortController | undefined;
    const show = (next: Option[]) => {
      setOptions(next);
      setActive(-1);
      setOpen(next.length > 0);
    };
    const update = () => {
      const typed = input.value.trim();
      const recent: Option[] = recentSearches()
        .filter((s) => s.toLowerCase().startsWith(typed.toLowerCase()))
        .slice(0, 3)
        .map((s) => ({ kind: "recent", label: s, url: `/all-products?search=${encodeURIComponent(s)}` }));
      clearTimeout(timer);
      asked?.abort();
      if (!typed) return show(recent);
      timer = setTimeout(async () => {
        asked = new AbortController();
        try {
          const response = await fetch(`/search/suggestions?q=${encodeURIComponent(typed.slice(0, 50))}`, {
            signal: asked.signal,
          });
          const body = response.ok ? ((await response.json()) as { suggestions: Option[] }) : { suggestions: [] };
          show([...recent, ...body.suggestions]);
        } catch {
          // aborted by the next keystroke, or offline: the plain search still works
        }
      }, 120);
    };
    const onKey = (event: KeyboardEvent) => {
      const { options: shown, active: current } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!shown.length) return;
        event.preventDefault();
        setOpen(true);
        setActive(
          (current + (event.key === "ArrowDown" ? 1 : shown.length - 1 + (current < 0 ? 1 : 0))) % shown.length,
        );
      } else if (event.key === "Escape") {
        setOpen(false);
      } else if (event.key === "Enter" && current >= 0 && shown[current]) {
        event.preventDefault();
        if (shown[current].kind === "recent") remember(shown[current].label);
        setOpen(false);
        navigate(shown[current].url);
      }
    };
    const onSubmit = () => {
      remember(input.value);
      setOpen(false);
    };
    const onBlur = () => setOpen(false);
    input.addEventListener("input", update);
    input.addEventListener("focus", update);
    input.addEventListener("keydown", onKey);
    input.addEventListener("blur", onBlur);
    input.form?.addEventListener("submit", onSubmit);
    if (document.activeElement === input) update();
    return () => {
      clearTimeout(timer);
      asked?.abort();
      input.removeEventListener("input", update);
      input.removeEventListener("focus", update);
      input.removeEventListener("keydown", onKey);
      input.removeEventListener("blur", onBlur);
      input.form?.removeEventListener("submit", onSubmit);
    };
  }, [inputId, listId, navigate]);

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (open && active >= 0) input?.setAttribute("aria-activedescendant", `${listId}-${active}`);
    else input?.removeAttribute("aria-activedescendant");
  }, [inputId, listId, open, active]);

  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Search suggestions"
      hidden={!open}
      // Keeps the focus in the box while an option is clicked (the box closes the list on blur).
      onMouseDown={(event) => event.preventDefault()}
      className="absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-stone-200 bg-white py-1 text-sm shadow-lg"
    >
      {options.map((option, i) => (
        <li key={`${option.kind}:${option.url}`} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
          <Link
            to={option.url}
            tabIndex={-1}
            onClick={() => {
              if (option.kind === "recent") remember(option.label);
              setOpen(false);
            }}
            className={`flex justify-between gap-3 px-3 py-1.5 hover:bg-stone-100 ${i === active ? "bg-stone-100" : ""}`}
          >
            <span>{option.label}</span>
            <span className="text-xs text-stone-500">{KIND_LABEL[option.kind]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
