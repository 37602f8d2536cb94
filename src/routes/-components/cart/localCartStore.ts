import { useSelector } from '@xstate/react';
import { type Actor, createActor } from 'xstate';
import { LOCAL_CART_CHANGED, LOCAL_CART_KEY, readLocalCart, writeLocalCart } from '../../../api/localCart';
import { type LocalCartContext, localCartMachine } from '../../../machines/localCart/localCart.machine';
import { toast } from '../../../ui/toastStore';

let actor: Actor<typeof localCartMachine> | null = null;

/**
 * The visitor's cart of this tab: the local cart machine with its side effects provided (browser storage, the
 * bottom-left toasts), started on first use from what storage holds, and kept in step with other tabs and with the
 * merge at sign-in.
 */
export function localCart(): Actor<typeof localCartMachine> {
  if (actor) return actor;
  actor = createActor(
    localCartMachine.provide({
      actions: {
        persist: (_, { lines }) => writeLocalCart(lines),
        toast: (_, { message }) => toast.success(message, 'bottom-left'),
      },
    }),
    { input: { lines: readLocalCart() } },
  ).start();
  const reload = () => actor?.send({ type: 'LOAD', lines: readLocalCart() });
  window.addEventListener('storage', (e) => {
    if (e.key === LOCAL_CART_KEY || e.key === null) reload();
  });
  window.addEventListener(LOCAL_CART_CHANGED, reload);
  return actor;
}

export function useLocalCart<T>(select: (context: LocalCartContext) => T): T {
  return useSelector(localCart(), (s) => select(s.context));
}
