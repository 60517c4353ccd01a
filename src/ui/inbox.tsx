// `svc questions inbox`: read each unanswered question with its listing, type an
// answer, send, skip, next. Everything it shows from buyers is sanitised here, at the point
// where it reaches the terminal (style.md principle 10). HTTP stays behind the callbacks.
import type React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Text, useApp, useInput } from 'ink';
import { answerText, applyUnit, type Draft, EMPTY_DRAFT, type KeyUnit, keyUnits } from './answer-draft.js';
import { t } from '../i18n/index.js';
import { localTime } from '../output/local-time.js';
import { sanitizeBlock, sanitizeInline } from '../output/sanitize.js';
import type { InboxBudget, InboxCallbacks, InboxQuestion, InboxResult } from './inbox-model.js';

type Phase = 'loading' | 'question' | 'confirm' | 'sending' | 'done';
interface Status {
  tone: 'ok' | 'error' | 'info';
  text: string;
  hint?: string;
}

export interface InboxProps {
  callbacks: InboxCallbacks;
  onDone(result: InboxResult): void;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one React component: its hooks and the key handler that reads their state belong in one function
export function Inbox({ callbacks, onDone }: InboxProps): React.ReactElement {
  const { exit } = useApp();
  // the screen's state lives in refs, changed only by `step`, one key unit at a time, in
  // the order typed; React state is only a "draw again" counter. A handler that read state from
  // its render's closure applied two quick chunks to the same stale text and lost one.
  const phase = useRef<Phase>('loading');
  const draft = useRef<Draft>(EMPTY_DRAFT);
  const question = useRef<InboxQuestion | null>(null);
  const status = useRef<Status | null>(null);
  /** Keys typed while a question loads or an answer is sent: applied, in order, once it is shown. */
  const queued = useRef<KeyUnit[]>([]);
  const counts = useRef({ answered: 0, skipped: 0, shown: 0 });
  const [budget, setBudget] = useState<InboxBudget>(() => callbacks.budget());
  const [, setDrawn] = useState(0);
  const draw = useCallback(() => setDrawn((n) => n + 1), []);
  const set = useCallback(
    (p: Phase, st?: Status | null) => {
      phase.current = p;
      if (st !== undefined) status.current = st;
      draw();
    },
    [draw],
  );

  const finish = useCallback(
    (extra: Partial<InboxResult> = {}) => {
      if (phase.current === 'done') return;
      set('done');
      onDone({ answered: counts.current.answered, skipped: counts.current.skipped, ...extra });
      // Let the last frame render before Ink lets go of the terminal.
      setTimeout(() => exit(), 20);
    },
    [exit, onDone, set],
  );

  const stepRef = useRef<(u: KeyUnit) => void>(() => {});
  const showQuestion = useCallback(() => {
    set('question');
    const waiting = queued.current.splice(0);
    for (const u of waiting) stepRef.current(u);
  }, [set]);

  const loadNext = useCallback(async () => {
    draft.current = EMPTY_DRAFT;
    set('loading');
    try {
      const q = await callbacks.next();
      question.current = q;
      if (!q) return finish();
      counts.current.shown++;
      showQuestion();
    } catch (err) {
      finish({ failedWith: err });
    }
  }, [callbacks, finish, set, showQuestion]);

  useEffect(() => {
    void loadNext();
  }, [loadNext]);

  // While the budget is spent, tick once a second so the countdown and the send come back.
  useEffect(() => {
    if (budget.waitMs <= 0) return undefined;
    const t = setInterval(() => setBudget(callbacks.budget()), 1000);
    return () => clearInterval(t);
  }, [budget.waitMs, callbacks]);

  /** Enter on a typed answer: the exact text is shown for a last confirmation. */
  const askToConfirm = useCallback(() => {
    if (!answerText(draft.current)) {
      return set('question', { tone: 'info', text: t('type an answer first, or press Tab to skip this question') });
    }
    const b = callbacks.budget();
    setBudget(b);
    if (b.waitMs > 0) {
      const text = t('answer limit reached: the next answer can go in {s} s', { s: Math.ceil(b.waitMs / 1000) });
      return set('question', { tone: 'info', text });
    }
    set('confirm', null);
  }, [callbacks, set]);

  const send = useCallback(async () => {
    const q = question.current;
    if (!q) return;
    set('sending', { tone: 'info', text: t('sending the answer to question #{id}…', { id: q.id }) });
    const out = await callbacks.send(q.id, answerText(draft.current));
    setBudget(callbacks.budget());
    if (out.ok) {
      counts.current.answered++;
      status.current = { tone: 'ok', text: t('✓ answer to question #{id} published', { id: q.id }) };
      return void loadNext();
    }
    status.current = { tone: 'error', text: t(out.message), hint: out.hint };
    if (out.failure === 'stop') return finish({ stoppedBy: out.error });
    // revise (SECURITY_VIOLATION) and retry keep the text for editing; skip waits for Tab.
    showQuestion();
  }, [callbacks, loadNext, finish, set, showQuestion]);

  stepRef.current = (u: KeyUnit) => {
    const p = phase.current;
    if (u.kind === 'interrupt') return finish();
    if (p === 'done') return;
    if (p === 'loading' || p === 'sending') {
      queued.current.push(u);
      return;
    }
    if (p === 'confirm') {
      const yes = u.kind === 'submit' || (u.kind === 'char' && /^[ys]/i.test(u.text));
      const no = u.kind === 'escape' || (u.kind === 'char' && /^n/i.test(u.text));
      if (yes) void send();
      else if (no) set('question', { tone: 'info', text: t('not sent: edit the answer, then Enter') });
      return;
    }
    if (u.kind === 'escape') return finish();
    if (u.kind === 'submit') return askToConfirm();
    if (u.kind === 'tab' && question.current) {
      counts.current.skipped++;
      status.current = { tone: 'info', text: t('skipped question #{id}', { id: question.current.id }) };
      return void loadNext();
    }
    draft.current = applyUnit(draft.current, u);
    draw();
  };

  useInput(
    (input, key) => {
      for (const u of keyUnits(input, key)) stepRef.current(u);
    },
    { isActive: phase.current !== 'done' },
  );

  const p = phase.current;
  const q = question.current;
  const st = status.current;
  return (
    <Box flexDirection="column">
      <Header
        budget={budget}
        shown={counts.current.shown}
        answered={counts.current.answered}
        skipped={counts.current.skipped}
      />
      {p === 'loading' && <Text dimColor>{t('loading the next unanswered question…')}</Text>}
      {q && p !== 'loading' && p !== 'done' && <QuestionView q={q} />}
      {q && (p === 'question' || p === 'sending') && <AnswerLine draft={draft.current} active={p === 'question'} />}
      {q && p === 'confirm' && <ConfirmView id={q.id} text={answerText(draft.current)} />}
      {p === 'done' && q === null && <Text>{t('No more unanswered questions.')}</Text>}
      {st && p !== 'confirm' && (
        <Box flexDirection="column" marginTop={1}>
          <Text color={st.tone === 'error' ? 'red' : st.tone === 'ok' ? 'green' : undefined}>{st.text}</Text>
          {st.hint && (
            <Text dimColor>
              {t('hint:')} {t(st.hint)}
            </Text>
          )}
        </Box>
      )}
      {p !== 'done' && p !== 'confirm' && <Text dimColor>{t('Enter send · Tab skip · Esc quit')}</Text>}
    </Box>
  );
}

/** The answer with its cursor (inverse), or the placeholder. */
function AnswerLine({ draft, active }: { draft: Draft; active: boolean }): React.ReactElement {
  const { text, cursor } = draft;
  return (
    <Box marginTop={1}>
      <Text bold>{t('Answer: ')}</Text>
      {text === '' ? (
        <Text dimColor>{t('type your answer')}</Text>
      ) : (
        <Text>
          {text.slice(0, cursor)}
          {active ? <Text inverse>{text.slice(cursor, cursor + 1) || ' '}</Text> : text.slice(cursor, cursor + 1)}
          {text.slice(cursor + 1)}
        </Text>
      )}
    </Box>
  );
}

/** The last look before publishing: exactly the text that will be sent. */
function ConfirmView({ id, text }: { id: number; text: string }): React.ReactElement {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>{t('Publish this answer to question #{id}?', { id })}</Text>
      <Text>{text}</Text>
      <Text dimColor>{t('Enter or y publish · Esc or n go back and edit')}</Text>
    </Box>
  );
}

function Header({
  budget,
  shown,
  answered,
  skipped,
}: {
  budget: InboxBudget;
  shown: number;
  answered: number;
  skipped: number;
}): React.ReactElement {
  const spent = budget.waitMs > 0;
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text bold>
        {t('Questions inbox · question {n} · answered {a} · skipped {s}', { n: shown, a: answered, s: skipped })}
      </Text>
      <Text color={spent ? 'yellow' : undefined} dimColor={!spent}>
        {t('answer budget: {mu}/{ml} this minute · {hu}/{hl} this hour', {
          mu: budget.minuteUsed,
          ml: budget.minuteLimit,
          hu: budget.hourUsed,
          hl: budget.hourLimit,
        })}
        {spent ? t(' · next answer in {s} s', { s: Math.ceil(budget.waitMs / 1000) }) : ''}
      </Text>
    </Box>
  );
}

function QuestionView({ q }: { q: InboxQuestion }): React.ReactElement {
  const asker = q.askerName ? t(' · asked by {name}', { name: sanitizeInline(q.askerName) }) : '';
  const when = q.createdAt ? ` · ${sanitizeInline(localTime(q.createdAt, true))}` : '';
  const l = q.listing;
  const listing = l
    ? `${sanitizeInline(l.title ?? '(untitled)')}${l.state ? ` · ${sanitizeInline(l.state)}` : ''}${l.price ? ` · ${sanitizeInline(l.price)}` : ''}`
    : sanitizeInline(t(q.listingNote ?? 'details unavailable'));
  return (
    <Box flexDirection="column">
      <Text bold>
        {t('Question #{id}', { id: q.id })}
        {asker}
        {when}
      </Text>
      <Text>{t('Listing #{id}: {listing}', { id: q.productId ?? '?', listing })}</Text>
      {q.orderId ? <Text>{t('About order #{id}', { id: q.orderId })}</Text> : null}
      <Box marginTop={1} paddingLeft={2}>
        <Text>{sanitizeBlock(q.text)}</Text>
      </Box>
    </Box>
  );
}
