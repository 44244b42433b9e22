import { useMutation } from '@apollo/client/react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { graphql } from '../../gql';
import type { MessageChannel, MessageKind } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';

// The answer carries the order log's fields of the message, so a log that shows it follows at once.
const ResendConsumerMessageMutation = graphql(`
  mutation ResendConsumerMessage($messageId: Int!) {
    resendConsumerMessage(messageId: $messageId) {
      ...OrderMessages_message
    }
  }
`);

/** What a screen knows of a message it offers to send again. */
export interface ResendableMessage {
  id: number;
  kind: MessageKind;
  channel: MessageChannel;
  maskedRecipient?: string | null;
}

export type ResendOutcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * "Opnieuw versturen" of a consumer message, wherever a screen offers it (the order's log, the failed messages):
 * the confirmation naming the message and its channel, the busy button, the server's answer or refusal as the
 * outcome, and the focus on that outcome (the pressed button may be gone). The server decides whether a message may
 * go again (docs/rules.md, Consumer messages) and says why not.
 */
export function useResendMessage<Message extends ResendableMessage>({
  refetchQueries,
  resentText,
  afterResend,
}: {
  /** Queries that show what a resend changes besides the message (the order's history). */
  refetchQueries?: string[];
  /** The success text; `described` is the message as `describe` words it. */
  resentText: (message: Message, described: string) => string;
  /** Run after the server took the resend, before the outcome shows (e.g. reading the list again). */
  afterResend?: () => Promise<unknown>;
}): {
  describe: (message: ResendableMessage) => string;
  resendMessage: (message: Message) => Promise<void>;
  busyId: number | null;
  outcome: ResendOutcome;
  setOutcome: (outcome: ResendOutcome) => void;
  outcomeRef: RefObject<HTMLDivElement | null>;
  confirmDialog: ReactNode;
} {
  const { t } = useI18n();
  const [resend] = useMutation(ResendConsumerMessageMutation, { refetchQueries });
  const [confirm, confirmDialog] = useConfirm();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ResendOutcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const describe = (message: ResendableMessage) =>
    t('admin.messages.describe', {
      kind: t(`admin.messages.kind.${message.kind}`),
      channel: t(`admin.messages.channel.${message.channel}`),
      recipient: message.maskedRecipient ?? t('admin.messages.addressRemoved'),
    });

  const resendMessage = async (message: Message) => {
    setOutcome(null);
    const sure = await confirm({
      title: t('admin.messages.resendTitle'),
      body: t(message.channel === 'EMAIL' ? 'admin.messages.resendBodyEmail' : 'admin.messages.resendBodySms', {
        message: describe(message),
      }),
      confirmLabel: t('admin.messages.resend'),
    });
    if (!sure) return;
    setBusyId(message.id);
    let next: ResendOutcome;
    try {
      await resend({ variables: { messageId: message.id } });
      next = { tone: 'success', text: resentText(message, describe(message)) };
      await afterResend?.();
    } catch (failure) {
      next = { tone: 'error', text: problemOf(failure, t('common.genericError')).message };
    } finally {
      setBusyId(null);
    }
    setOutcome(next);
    // The pressed button may be gone (a queued message has none, a resent failure leaves its list).
    outcomeRef.current?.focus();
  };

  return { describe, resendMessage, busyId, outcome, setOutcome, outcomeRef, confirmDialog };
}
