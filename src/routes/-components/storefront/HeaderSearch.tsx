import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { globalSearchQuery, SEARCH_MIN_LENGTH, type SearchResults } from '../../../api/storefront';
import { formatRupees, srOnly } from '../../../ui';
import * as s from './storefront.css';
import { STOREFRONT as W } from './words';

const DEBOUNCE_MS = 250;

type Navigate = ReturnType<typeof useNavigate>;
interface Option {
  key: string;
  label: string;
  meta: string;
  go: (navigate: Navigate) => unknown;
}
interface Group {
  label: string;
  options: Option[];
}

function groupsOf(data: SearchResults | undefined): Group[] {
  if (!data) return [];
  return [
    {
      label: W.search.categories,
      options: data.categories.map((c) => ({
        key: `c${c.id}`,
        label: c.categoryName,
        meta: W.search.category,
        go: (n: Navigate) => n({ to: '/SubCategory', search: { categoryId: c.id } }),
      })),
    },
    {
      label: W.search.subCategories,
      options: data.subCategories.map((c) => ({
        key: `s${c.id}`,
        label: c.subCategoryName,
        meta: c.categoryName,
        go: (n: Navigate) => n({ to: '/Services', search: { subCategoryId: c.id } }),
      })),
    },
    {
      label: W.search.services,
      options: data.services.map((v) => ({
        key: `v${v.id}`,
        label: v.heading,
        meta: formatRupees(v.finalPrice),
        go: (n: Navigate) => n({ to: '/ServicesDetails', search: { id: v.id } }),
      })),
    },
  ].filter((g) => g.options.length > 0);
}

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * The header's search: an ARIA 1.2 combobox (editable, list autocomplete) over GetGlobalSearchData. Typing waits
 * 250 ms and two characters; ArrowDown/ArrowUp move through the suggestions (grouped Categories, Sub-categories,
 * Services), Enter opens the active one (or lists every matching service when none is active), Escape closes the
 * list and a second Escape clears the text. "/" anywhere on the page jumps here.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uid = useId();
  const inputId = `${uid}-input`;
  const listId = `${uid}-list`;
  const optionId = (i: number) => `${uid}-o${i}`;
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(value.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || editable(e.target)) return;
      if (!input.current || input.current.offsetParent === null) return; // hidden (closed mobile menu)
      e.preventDefault();
      input.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // fetchQuery rather than useQuery keeps the query hooks out of every public page's JavaScript (the home budget);
  // the answers still live in the query cache, so a repeated term is answered at once.
  const [found, setFound] = useState<{ term: string; data?: SearchResults; failed?: boolean } | null>(null);
  useEffect(() => {
    if (term.length < SEARCH_MIN_LENGTH) return;
    let live = true;
    queryClient.fetchQuery(globalSearchQuery(term)).then(
      (data) => live && setFound({ term, data }),
      () => live && setFound({ term, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [term, queryClient]);

  const long = value.trim().length >= SEARCH_MIN_LENGTH;
  // Until the new answer arrives the previous one stays (no flicker while typing).
  const groups = useMemo(() => groupsOf(long ? found?.data : undefined), [long, found]);
  const options = groups.flatMap((g) => g.options);
  const settled = found?.term === value.trim();
  const expanded = open && long && options.length > 0;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(o: Option) {
    close();
    setValue('');
    setTerm('');
    o.go(navigate);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (options.length === 0) return;
        setOpen(true);
        const down = e.key === 'ArrowDown';
        if (!expanded) setActive(down ? 0 : options.length - 1);
        else setActive((a) => (down ? (a + 1) % options.length : a <= 0 ? options.length - 1 : a - 1));
        return;
      }
      case 'Enter': {
        e.preventDefault();
        if (expanded && active >= 0 && options[active]) return choose(options[active]);
        if (!long) return;
        close();
        navigate({ to: '/allServices', search: { search: value.trim() } });
        return;
      }
      case 'Escape': {
        if (expanded) {
          e.stopPropagation(); // the open mobile menu closes on the next Escape, not this one
          close();
        } else if (value) {
          e.stopPropagation();
          setValue('');
        }
        return;
      }
      case 'Tab':
        close();
        return;
    }
  }

  let note = '';
  if (open && long && options.length === 0) {
    note = !settled ? W.search.searching : found?.failed ? W.search.unavailable : W.search.noMatch(value.trim());
  }

  let index = 0;
  return (
    <search className={s.search}>
      <label htmlFor={inputId} className={srOnly}>
        {W.search.label}
      </label>
      <input
        ref={input}
        id={inputId}
        className={s.searchInput}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={60}
        placeholder={W.search.placeholder}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={W.search.suggestions} className={s.listbox} hidden={!expanded}>
        {groups.map((g) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are ARIA groups; a fieldset is not allowed inside it
          <div key={g.label} role="group" aria-labelledby={`${listId}-${g.label}`}>
            <div id={`${listId}-${g.label}`} role="presentation" className={s.groupLabel}>
              {g.label}
            </div>
            {g.options.map((o) => {
              const i = index++;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the options through the input (aria-activedescendant)
                <div
                  key={o.key}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={s.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(o)}
                >
                  <span>{o.label}</span>
                  <span className={s.optionMeta}>{o.meta}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div role="status" className={note ? s.listbox : srOnly}>
        {note ? <p className={s.searchNote}>{note}</p> : expanded ? W.search.count(options.length) : ''}
      </div>
    </search>
  );
}
