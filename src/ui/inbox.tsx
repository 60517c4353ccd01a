// `svc questions inbox` (issue 6): read each unanswered question with its listing, type an
// answer, send, skip, next. Everything it shows from buyers is sanitised here, at the point
// where it reaches the terminal (style.md principle 10). HTTP stays behind the callbacks.
import type React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Text, useApp, useInput } from 'ink';
import TextInput from 'ink-text-input';
import { sanitizeBlock, sanitizeInline } from '../output/sanitize.js';
import type { InboxBudget, InboxCallbacks, InboxQuestion, InboxResult } from './inbox-model.js';

type Phase = 'loading' | 'question' | 'sending' | 'done';
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
  const [phase, setPhase] = useState<Phase>('loading');
  const [question, setQuestion] = useState<InboxQuestion | null>(null);
  const [text, setText] = useState('');
  // Keys that arrive in one burst (a paste, then Enter) reach the input before React
  // re-renders: the ref always holds what was typed, the state only what was drawn.
  const typed = useRef('');
  const onChange = useCallback((raw: string) => {
    const v = applyErasures(raw);
    typed.current = v;
    setText(v);
  }, []);
  const [status, setStatus] = useState<Status | null>(null);
  const [budget, setBudget] = useState<InboxBudget>(() => callbacks.budget());
  const counts = useRef({ answered: 0, skipped: 0, shown: 0 });

  const finish = useCallback(
    (extra: Partial<InboxResult> = {}) => {
      setPhase('done');
      onDone({ answered: counts.current.answered, skipped: counts.current.skipped, ...extra });
      // Let the last frame render before Ink lets go of the terminal.
      setTimeout(() => exit(), 20);
    },
    [exit, onDone],
  );

  const loadNext = useCallback(async () => {
    setPhase('loading');
    onChange('');
    try {
      const q = await callbacks.next();
      if (!q) {
        setQuestion(null);
        finish();
        return;
      }
      counts.current.shown++;
      setQuestion(q);
      setPhase('question');
    } catch (err) {
      finish({ failedWith: err });
    }
  }, [callbacks, finish, onChange]);

  useEffect(() => {
    void loadNext();
  }, [loadNext]);

  // While the budget is spent, tick once a second so the countdown and the send come back.
  useEffect(() => {
    if (budget.waitMs <= 0) return undefined;
    const t = setInterval(() => setBudget(callbacks.budget()), 1000);
    return () => clearInterval(t);
  }, [budget.waitMs, callbacks]);

  const send = useCallback(async () => {
    if (phase !== 'question' || !question) return;
    const answer = typed.current.trim();
    if (!answer) {
      setStatus({ tone: 'info', text: 'type an answer first, or press Tab to skip this question' });
      return;
    }
    const b = callbacks.budget();
    setBudget(b);
    if (b.waitMs > 0) {
      setStatus({
        tone: 'info',
        text: `answer limit reached: the next answer can go in ${Math.ceil(b.waitMs / 1000)} s`,
      });
      return;
    }
    setPhase('sending');
    setStatus({ tone: 'info', text: `sending the answer to question #${question.id}…` });
    const out = await callbacks.send(question.id, answer);
    setBudget(callbacks.budget());
    if (out.ok) {
      counts.current.answered++;
      setStatus({ tone: 'ok', text: `✓ answer to question #${question.id} published` });
      void loadNext();
      return;
    }
    setStatus({ tone: 'error', text: out.message, hint: out.hint });
    if (out.failure === 'stop') {
      finish({ stoppedBy: out.error });
      return;
    }
    // revise (SECURITY_VIOLATION) and retry keep the text for editing; skip waits for Tab.
    setPhase('question');
  }, [phase, question, callbacks, loadNext, finish]);

  useInput(
    (input, key) => {
      if ((key.ctrl && input === 'c') || (key.escape && phase !== 'sending')) {
        finish();
        return;
      }
      if (key.tab && phase === 'question' && question) {
        counts.current.skipped++;
        setStatus({ tone: 'info', text: `skipped question #${question.id}` });
        void loadNext();
      }
    },
    { isActive: phase !== 'done' },
  );

  return (
    <Box flexDirection="column">
      <Header
        budget={budget}
        shown={counts.current.shown}
        answered={counts.current.answered}
        skipped={counts.current.skipped}
      />
      {phase === 'loading' && <Text dimColor>loading the next unanswered question…</Text>}
      {question && phase !== 'loading' && phase !== 'done' && <QuestionView q={question} />}
      {question && (phase === 'question' || phase === 'sending') && (
        <Box marginTop={1}>
          <Text bold>Answer: </Text>
          <TextInput
            value={text}
            onChange={onChange}
            onSubmit={() => {
              void send();
            }}
            focus={phase === 'question'}
            placeholder="type your answer"
          />
        </Box>
      )}
      {phase === 'done' && (
        <Text>
          {question === null ? 'No more unanswered questions. ' : ''}
          Answered {counts.current.answered}, skipped {counts.current.skipped}.
        </Text>
      )}
      {status && (
        <Box flexDirection="column" marginTop={1}>
          <Text color={status.tone === 'error' ? 'red' : status.tone === 'ok' ? 'green' : undefined}>
            {status.text}
          </Text>
          {status.hint && <Text dimColor>hint: {status.hint}</Text>}
        </Box>
      )}
      {phase !== 'done' && <Text dimColor>Enter send · Tab skip · Esc quit</Text>}
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
        Questions inbox · question {shown} · answered {answered} · skipped {skipped}
      </Text>
      <Text color={spent ? 'yellow' : undefined} dimColor={!spent}>
        answer budget: {budget.minuteUsed}/{budget.minuteLimit} this minute · {budget.hourUsed}/{budget.hourLimit} this
        hour
        {spent ? ` · next answer in ${Math.ceil(budget.waitMs / 1000)} s` : ''}
      </Text>
    </Box>
  );
}

function QuestionView({ q }: { q: InboxQuestion }): React.ReactElement {
  const asker = q.askerName ? ` · asked by ${sanitizeInline(q.askerName)}` : '';
  const when = q.createdAt
    ? ` · ${sanitizeInline(q.createdAt)
        .replace('T', ' ')
        .replace(/\.\d+Z$|Z$/, '')}`
    : '';
  const l = q.listing;
  const listing = l
    ? `${sanitizeInline(l.title ?? '(untitled)')}${l.state ? ` · ${sanitizeInline(l.state)}` : ''}${l.price ? ` · ${sanitizeInline(l.price)}` : ''}`
    : sanitizeInline(q.listingNote ?? 'details unavailable');
  return (
    <Box flexDirection="column">
      <Text bold>
        Question #{q.id}
        {asker}
        {when}
      </Text>
      <Text>
        Listing #{q.productId ?? '?'}: {listing}
      </Text>
      {q.orderId ? <Text>About order #{q.orderId}</Text> : null}
      <Box marginTop={1} paddingLeft={2}>
        <Text>{sanitizeBlock(q.text)}</Text>
      </Box>
    </Box>
  );
}

/**
 * ink-text-input takes a burst of Backspace keys that arrive in one read (a held key on a busy
 * machine) as text, not as erasures: apply them here, and drop any other control character
 * so none reaches the answer.
 */
function applyErasures(raw: string): string {
  const out: string[] = [];
  for (const ch of raw) {
    if (ch === '\u007f' || ch === '\b') out.pop();
    else if (!/[\u0000-\u001f]/.test(ch)) out.push(ch);
  }
  return out.join('');
}
