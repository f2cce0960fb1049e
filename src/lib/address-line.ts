/** The institute's postal address (content/site.json `address`, as the content collection gives it) in one line, as receipts, vouchers and certificates print it. */
export const addressLine = (address: { street: string; locality: string; district: string; state: string; postalCode: string }): string =>
  [address.street, address.locality, address.district, `${address.state} ${address.postalCode}`].join(', ');
