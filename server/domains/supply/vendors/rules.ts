/** The states of the product request machine that end a request: anything else keeps a vendor from deletion. */
export const REQUEST_END_STATES = ['issued', 'cancelled', 'rejectedByIM', 'rejectedByAdmin'] as const;
