import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import type {
  CreateOrderInput,
  MigrateOrdersInput,
  ReassignOrderInput,
  RescheduleOrderInput,
  UpdateOrderAddressInput,
} from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { fullName } from '../../../../shared/staff.js';

/** What a screen shows after a mutation: the success banner, or the server's problem. */
export type MutationOutcome = { ok: true; message: string } | { ok: false; problem: ServerProblem };

const CreateOrderMutation = graphql(`
  mutation CreateOrder($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
      referenceNumber
    }
  }
`);

const ReassignOrderMutation = graphql(`
  mutation ReassignOrder($input: ReassignOrderInput!) {
    reassignOrder(input: $input) {
      ...OrderDetails_order
      ...OrderActions_order
    }
  }
`);

const DeleteOrderMutation = graphql(`
  mutation DeleteOrder($id: Int!) {
    deleteOrder(id: $id) {
      ...OrderDetails_order
      ...OrderActions_order
    }
  }
`);

const RescheduleOrderMutation = graphql(`
  mutation RescheduleOrder($input: RescheduleOrderInput!) {
    rescheduleOrder(input: $input) {
      ...OrderDetails_order
      ...OrderActions_order
    }
  }
`);

const RestoreOrderMutation = graphql(`
  mutation RestoreOrder($id: Int!) {
    restoreOrder(id: $id) {
      ...OrderDetails_order
      ...OrderActions_order
    }
  }
`);

const UpdateOrderAddressMutation = graphql(`
  mutation UpdateOrderAddress($input: UpdateOrderAddressInput!) {
    updateOrderAddress(input: $input) {
      ...OrderDetails_order
      ...OrderActions_order
    }
  }
`);

const MigrateOrdersMutation = graphql(`
  mutation MigrateOrders($input: MigrateOrdersInput!) {
    migrateOrders(input: $input) {
      orders {
        id
      }
      technician {
        firstname
        lastname
      }
    }
  }
`);

function useOutcome() {
  const { t } = useI18n();
  return async (run: () => Promise<unknown>, success: Parameters<typeof t>[0]): Promise<MutationOutcome> => {
    try {
      await run();
      return { ok: true, message: t(success) };
    } catch (error) {
      return { ok: false, problem: problemOf(error, t('common.genericError')) };
    }
  };
}

export function useCreateOrderMutation() {
  const [mutate, { loading }] = useMutation(CreateOrderMutation);
  const outcome = useOutcome();
  const create = (input: CreateOrderInput) => outcome(() => mutate({ variables: { input } }), 'admin.orders.created');
  return [create, loading] as const;
}

/**
 * The returned order replaces the cached one (same id), so the open details update themselves; the
 * order's history is fetched again to show the change.
 */
export function useReassignOrderMutation() {
  const [mutate, { loading }] = useMutation(ReassignOrderMutation, { refetchQueries: ['OrderHistory'] });
  const outcome = useOutcome();
  const reassign = (input: ReassignOrderInput) =>
    outcome(() => mutate({ variables: { input } }), 'admin.orders.updated');
  return [reassign, loading] as const;
}

export function useDeleteOrderMutation() {
  const [mutate, { loading }] = useMutation(DeleteOrderMutation, { refetchQueries: ['OrderHistory'] });
  const outcome = useOutcome();
  const remove = (id: number) => outcome(() => mutate({ variables: { id } }), 'admin.orders.deleted');
  return [remove, loading] as const;
}

/** The moved order replaces the cached one; its history shows the move. */
export function useRescheduleOrderMutation() {
  const [mutate, { loading }] = useMutation(RescheduleOrderMutation, { refetchQueries: ['OrderHistory'] });
  const outcome = useOutcome();
  const reschedule = (input: RescheduleOrderInput) =>
    outcome(() => mutate({ variables: { input } }), 'admin.orders.rescheduled');
  return [reschedule, loading] as const;
}

/** The inverse of a delete: the order page's undo after deleting, and the deleted order's own action. */
export function useRestoreOrderMutation() {
  const [mutate, { loading }] = useMutation(RestoreOrderMutation, { refetchQueries: ['OrderHistory'] });
  const outcome = useOutcome();
  const restore = (id: number) => outcome(() => mutate({ variables: { id } }), 'admin.orders.restored');
  return [restore, loading] as const;
}

/** A corrected address: the page shows it from the answer, the history gets its new line. */
export function useUpdateOrderAddressMutation() {
  const [mutate, { loading }] = useMutation(UpdateOrderAddressMutation, { refetchQueries: ['OrderHistory'] });
  const outcome = useOutcome();
  const update = (input: UpdateOrderAddressInput) =>
    outcome(() => mutate({ variables: { input } }), 'admin.orders.addressUpdated');
  return [update, loading] as const;
}

/** After a migration the day list is fetched again: the moved orders leave it. */
export function useMigrateOrdersMutation() {
  const [mutate, { loading }] = useMutation(MigrateOrdersMutation, { refetchQueries: ['TechnicianDayOrders'] });
  const { t } = useI18n();
  // Says what happened: how many orders went to whom.
  const migrate = async (input: MigrateOrdersInput): Promise<MutationOutcome> => {
    try {
      const { data } = await mutate({ variables: { input }, awaitRefetchQueries: true });
      const moved = data?.migrateOrders;
      return {
        ok: true,
        message: moved
          ? t('admin.orders.migrate.done', {
              count: moved.orders.length,
              technician: fullName(moved.technician),
            })
          : t('admin.orders.updated'),
      };
    } catch (error) {
      return { ok: false, problem: problemOf(error, t('common.genericError')) };
    }
  };
  return [migrate, loading] as const;
}
