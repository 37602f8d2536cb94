// The wallet pieces' words: balance, top-up, the return from paying and the history, shared by the customer's
// My account → Wallet and the vendor's wallet page (docs/decisions/048-words-in-one-place.md). Provider names are in
// ../payments/providers.ts.
export const WALLET = {
  loading: 'Loading…',
  lastMovement: (at: string) => `Last movement ${at}`,
  addMoney: 'Add money',
  history: 'Wallet history',

  topUp: {
    fields: { order_amount: 'Amount', payment_mode: 'Payment method' } as Record<string, string>,
    amountForm: 'Amount to add',
    amount: 'Amount',
    amountHint: 'Rupees, up to two decimals.',
    cancel: 'Cancel',
    continue: 'Continue',
    confirm: 'Confirm payment',
    addBefore: 'Add ',
    addAfter: ' to your wallet.',
    payWith: 'Pay with',
    notStarted: 'The payment could not be started',
    change: 'Change the amount or how to pay',
    back: 'Back',
    tryAgain: 'Try again',
    pay: (amount: string) => `Pay ${amount}`,
    received: 'Payment received.',
    // The vendor's top bar asks in two dialogs (its title as the specification names it).
    amountTitle: 'Add Money To Wallet',
    amountText: 'How much would you like to add?',
    confirmText: 'Choose how to pay. You will be taken to the payment page and brought back here.',
  },
  returned: {
    confirming: 'Confirming your payment…',
    checking: 'We are checking your payment.',
    received: 'Payment received',
    notConfirmed: 'Payment not confirmed',
    checkAgain: 'Check again',
  },
  table: {
    date: 'Date',
    type: 'Type',
    amount: 'Amount',
    what: 'What',
    reference: 'Reference',
    remark: 'Remark',
    by: 'By',
    balanceAfter: 'Balance after',
    noneBetween: 'No movements between these dates.',
    none: 'No movements yet.',
    from: 'From',
    to: 'To',
    csv: 'Download CSV',
  },
} as const;
