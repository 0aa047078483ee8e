// Generated from /v1/openapi.json by `npm run client:generate`; do not edit by hand.

export interface paths {
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Requires the `orders:read` permission.
         *
         *     Orders of the credential's merchant and environment, newest first (`created_at`, then `id`, descending). A page past the end is empty with `has_more: false`.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create an order
         * @description Requires the `orders:write` permission.
         *
         *     Creates a `pending` order and reserves stock for all its items at once, or for none. Line items keep the product's name and price of this moment, and the modifiers chosen (`items[].modifiers`) with their names and price deltas: `unit_price` is the price plus the deltas. A choice the product's groups do not allow is 400 on `items[i].modifiers`. `tax = round_half_up(subtotal * tax_rate_bps / 10000)`, `total = subtotal + tax`.
         *
         *     An offline sale, synced by a register after it sold without the network, sends `recorded_at` (when it was rung up) and `register_receipt_number` (the number on its printed receipt), and may send the prices it charged (`items[].unit_price`) and its total (`recorded_total`). It is taken as the register made it: an inactive product is sold, stock short is taken all the same and goes below zero (one `inventory.shortfall` event per such product), the lines keep the register's prices; `sync_differences` lists what differed. Its receipt number makes it exactly once: a Create Order naming a number an order already has answers that order with 200 and changes nothing (no stock taken, no event), whatever its `Idempotency-Key` and however long after; two at the same time make one order. A retry with the same `Idempotency-Key` within 24 hours replays the first answer (201) as for any request. An offline sale is captured like any cash order.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export orders as CSV
         * @description Requires the `reports:read` permission.
         *
         *     Every order matching the filters (those of List Orders, with the same meaning and errors; no pages) as CSV, newest first (`created_at`, then `id`, descending), written as it is read: the server holds about one batch of 1,000 orders at a time, whatever the size of the file, and stops when the client goes away. The file is named by the `Content-Disposition` header: `orders-YYYY-MM-DD.csv` (`line-items-YYYY-MM-DD.csv`), dated by the UTC day of the request.
         *
         *     The file is no snapshot: orders are read batch by batch, as they are at that moment. An order created after the export began is not in it. An error before the first byte answers as every error does; one after it (the database gone) ends the connection without the last chunk, which HTTP clients report as an incomplete download.
         *
         *     The format: RFC 4180, UTF-8 without a byte order mark, a header record, records ended by CRLF; a field holding a comma, a double quote or a line break is enclosed in double quotes, its double quotes doubled. Money columns are integers in the smallest currency unit, with the `currency` column beside them; times are ISO 8601 in UTC; an empty field is a value the order does not have. A text field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (`'=SUM(1)`), so that a spreadsheet shows it as text rather than running it as a formula; number columns are never changed.
         *
         *     Columns of `type=orders` (the default), one record per order:
         *
         *     - `id`: The order's id.
         *     - `number` (number): Its number.
         *     - `status`: `pending`, `paid`, `partially_refunded`, `refunded` or `canceled`.
         *     - `created_at`: When it was created (ISO 8601, UTC, with milliseconds).
         *     - `paid_at`: When it was paid; empty if it was not.
         *     - `customer_id`: Its customer's id; empty without one.
         *     - `customer_name`: The customer's name now, with `customers:read` only (else empty).
         *     - `customer_email`: The customer's e-mail now, with `customers:read` only (else empty).
         *     - `currency`: The currency of its money columns (ISO 4217).
         *     - `subtotal` (number): The lines' sum after discounts, before tax.
         *     - `discount_total` (number): All money off: the lines' and the order's discounts.
         *     - `tax` (number): Tax.
         *     - `tip` (number): The tip taken with the payment (0 without one).
         *     - `total` (number): `subtotal + tax + tip`.
         *     - `refunded_amount` (number): Refunded so far.
         *     - `payment_method`: `card` or `cash`.
         *     - `card_brand`: The card's brand for a card payment (`visa` ...); else empty.
         *     - `card_last4`: The card's last four digits for a card payment; else empty.
         *     - `items_count` (number): Its number of line items.
         *     - `notes`: Its notes; empty without any.
         *
         *     Columns of `type=line_items`, one record per line item, each order's lines in their order:
         *
         *     - `order_id`: The order's id.
         *     - `order_number` (number): The order's number.
         *     - `order_created_at`: When the order was created.
         *     - `line_item_id`: The line's id.
         *     - `product_id`: The product sold.
         *     - `name`: The product's name when the order was created.
         *     - `modifiers`: The options chosen, as `Group: Option` separated by `; ` (`Milk: Oat; Size: Large`); empty without any.
         *     - `quantity` (number): Units sold.
         *     - `unit_price` (number): Price of one unit as sold, modifiers included.
         *     - `total` (number): `quantity * unit_price`.
         *     - `discount_amount` (number): Money off this line from every discount; it sells for `total - discount_amount` before tax.
         *     - `refunded_quantity` (number): Units returned by refunds so far.
         *     - `currency`: The currency of its money columns.
         */
        get: operations["exportOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an order
         * @description Requires the `orders:read` permission.
         *
         *     The full order with line items, customer, payment and refunds. Another merchant's or environment's order is 404, exactly like a missing one.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a pending order
         * @description Requires the `orders:write` permission.
         *
         *     Changes a `pending` order; send only what changes. `items` replaces every line (new line ids), priced now like a new order's; the old lines' units go back to stock and the new ones' are taken, all or none, refused as Create Order refuses (`out_of_stock` on `items[i].product_id` ...), leaving the order and the stock as they were. `customer_id` sets the customer (`null` removes it); `notes` and `metadata` replace theirs; `discounts` replaces the order-level discounts. A discount code is not taken here: the order's code, if any, stays redeemed and is applied again. With `items` or `discounts`, the discounts, `subtotal`, `tax` and `total` are worked out again with the merchant's current tax settings. The order keeps its `id`, `number` and `created_at`. An order that is not pending is 422 `order_not_editable`; one whose card capture is with the processor right now, 409 `capture_in_progress`. An edit that changes nothing answers the order and records no event; any other records `order.updated`. `Idempotency-Key` is not used (as on every PATCH): send the same edit again and it changes nothing more.
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/v1/orders/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture payment for an order
         * @description Requires the `orders:write` permission.
         *
         *     Moves a `pending` order to `paid`. Card orders send a `payment_token`; in the sandbox the test tokens `tok_visa` (4242), `tok_mastercard` (4444) and `tok_amex` (0005) succeed and `tok_chargeDeclined` answers 402 and leaves the order pending. With Stripe (`PAYMENT_PROCESSOR=stripe`) the token is a Stripe PaymentMethod id (`pm_...`), a card token (`tok_...`), or the id of a PaymentIntent the app finished after 3-D Secure (`pi_...`). Cash orders send no `payment_token`. Either may add a `tip`: `{"amount": 200}` or `{"percentage_bps": 1500}` (of `subtotal + tax`, rounded half up), at most 100% of that; the order's `tip` and `total` then include it and the card is charged that total. The tip is not taxed.
         *
         *     **Cash and change.** A cash order is paid all in cash (`payment.cash_amount` is its `total`). `cash_given`, the cash handed over, must be at least the total with the tip (else 400 `parameter_invalid` on `cash_given`); `payment.change_due = cash_given - total`. Without it, `cash_given` and `change_due` are null.
         *
         *     **Split tender.** A card order may be paid partly in cash: `cash_amount`, 1 to the total (with the tip) less 1, is the cash part, and the card is charged the rest, `total - cash_amount` (`payment.card_amount`), by the simulator or by Stripe. The order stays a card order (`payment.method` `card`). `cash_given` is then at least `cash_amount`, and `change_due = cash_given - cash_amount`. `cash_amount` on a cash order, or `cash_given` on a card order without `cash_amount`, is 400 `parameter_invalid`.
         *
         *     **Register.** `cash_drawer_id` names the open cash drawer of the register ringing the sale up, whatever the tender; its cash part counts in that drawer's expected cash. An unknown drawer (another merchant's or environment's included) is 404 `resource_not_found`, a closed one 422 `cash_drawer_closed`, both on `cash_drawer_id`, and nothing is charged.
         *
         *     A capture retried after an unknown outcome (503) with the same body answers the order its first try paid; a capture with another tip, split, `cash_given` or drawer while the first one's charge is pending lets that charge settle first, so the order is charged once, as first sent, and the retry answers 422 `order_not_capturable`.
         */
        post: operations["captureOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending order
         * @description Requires the `orders:write` permission.
         *
         *     Moves a `pending` order to `canceled` and releases the stock it reserved. A card order with a Stripe PaymentIntent has it canceled first, so a 3-D Secure challenge left open can no longer charge it; if the customer finished paying first, the order is paid instead and the cancel answers 422.
         */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an order
         * @description Requires the `orders:write` permission.
         *
         *     Refunds a `paid` or `partially_refunded` order. Empty body: everything left. `amount`: that much. `items`: the value of those units with their share of tax (the last units take exactly what is left); returned units go back into tracked stock. Both: `items` is what came back, `amount` the money, at most their value. The order becomes `partially_refunded` or `refunded`.
         *
         *     **Tenders.** The money goes back to the card first, up to what the card paid (`payment.card_amount`) less what was refunded to it before, and the rest in cash (the refund's `cash_amount`); a cash order's refunds are all cash. A split order refunded past its card part is refunded to the card up to that part and in cash for the rest; a later refund is then all cash. With Stripe, the Stripe refund is the card's part alone, and a refund all in cash makes none. The cash comes out of the drawer named by `cash_drawer_id` (404 `resource_not_found` when unknown, 422 `cash_drawer_closed` when closed), or else of the order's drawer while it is open; the refund's `cash_drawer_id` says which (null for none).
         */
        post: operations["refundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the receipt of an order
         * @description Requires the `orders:read` permission.
         *
         *     The receipt of a paid order (`paid`, `partially_refunded` or `refunded`): the shop's name, address, tax id and receipt footer as the merchant's settings are now, the order's lines, discounts, subtotal, tax (`tax_included` when the prices included it), tip and total as the order was sold, the payment by tender (`card_amount`, `cash_amount`, `cash_given`, `change_due`) and the refunds. What a point-of-sale app prints; the hosted page, the e-mail and the dashboard print the same. No customer details. A pending or canceled order is 422 `order_not_paid`.
         */
        get: operations["getReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/receipt_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a receipt link
         * @description Requires the `orders:write` permission.
         *
         *     A new link to the hosted receipt page of a paid order: `url` is `PUBLIC_URL` (or the server's own address) followed by `/r/` and `token`, 32 random base62 characters. Anyone with the link reads the receipt, without a credential (for a QR code on a printed receipt, a text message...), so share it with the customer only. The token is shown in this answer only: Till keeps its SHA-256, so a lost link cannot be shown again; make another. Each call makes a new link; earlier links keep working. Ignores `Idempotency-Key`, so that the token is never stored for a replay. A pending or canceled order is 422 `order_not_paid`.
         */
        post: operations["createReceiptLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/receipt_emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a receipt
         * @description Requires the `orders:write` permission.
         *
         *     Sends the receipt of a paid order by e-mail to `to`, or, without it, to the order's customer's e-mail (which only a credential with `customers:read` may use; without one, or without a customer e-mail, `to` is required: 400 `parameter_missing`). The mail has a plain-text and an HTML part, both with a new link to the hosted receipt page (made for the mail: see Create Receipt Link). Answers 202 at once; the mail goes out after the answer, through `SMTP_URL` (without it, to the log and the outbox, where `till mail list` shows its link once, with a new token). A retry with the same `Idempotency-Key` sends nothing more. A pending or canceled order is 422 `order_not_paid`.
         */
        post: operations["sendReceiptEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Requires the `products:read` permission.
         *
         *     Newest first. `q` finds products by name prefix, SKU or barcode; `active` and `category` filter.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description Requires the `products:write` permission.
         *
         *     The product is priced in the merchant's currency. Leave `inventory` out (or null) to sell it without tracking stock. A `sku` or `barcode` that another product of the merchant and environment already has is 400 `parameter_invalid` with `param` naming the field (`sku` or `barcode`); products of another environment or merchant may share it. `modifier_groups` offers options with it (Size, Milk...), each with a price delta added to an order line's unit price.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product
         * @description Requires the `products:read` permission.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a product
         * @description Requires the `products:write` permission.
         *
         *     Changes name, price, stock count, active flag, SKU, barcode or category. Existing orders keep the name and price they were created with. A `sku` or `barcode` that another product of the merchant and environment already has is 400 `parameter_invalid` with `param` naming the field. `modifier_groups` replaces the list (send ids back to keep them); existing orders keep their modifiers too.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/v1/products/copy_from_sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy the sandbox catalogue to production
         * @description Requires the `products:write` permission.
         *
         *     Copies every product of the merchant's sandbox into production, in one transaction, with a `product.created` event for each copy. Called with a production credential (a sandbox one is 400 `production_required`).
         *
         *     Each copy has a new id and every field of its sandbox product (name, price, currency, active, and the rest) except `inventory`: a product whose stock is tracked starts at 0 unless `include_stock` is `true`; one whose stock is not tracked stays untracked.
         *
         *     Running it again copies only sandbox products added since: a product already copied is counted in `skipped` and its production copy is left as it is, even if the sandbox product has changed since (edit the production product instead). A sandbox product whose copy would repeat the value of a field that must be unique among production products is skipped as already there, too. Two calls at the same time make one copy of each product.
         */
        post: operations["copyProductsFromSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Requires the `customers:read` permission.
         *
         *     Newest first. `q` finds customers by name or e-mail prefix, or phone prefix; `email` filters on one address.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description Requires the `customers:write` permission.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a customer
         * @description Requires the `customers:read` permission.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a customer
         * @description Requires the `customers:write` permission.
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/v1/discount_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List discount codes
         * @description Requires the `products:read` permission.
         */
        get: operations["listDiscountCodes"];
        put?: never;
        /**
         * Create a discount code
         * @description Requires the `products:write` permission.
         *
         *     A saved discount that Create Order's `discount_code` redeems: `{type: "percentage", percentage_bps}` or `{type: "amount", amount}`, with an optional `reason`, `max_redemptions` and `expires_at`. The code is stored upper-cased and must be new to the merchant and environment, ignoring case.
         */
        post: operations["createDiscountCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/discount_codes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a discount code
         * @description Requires the `products:read` permission.
         */
        get: operations["getDiscountCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a discount code
         * @description Requires the `products:write` permission.
         *
         *     Changes the code's text, reason, `max_redemptions` (not below `times_redeemed`), `expires_at` or `active`. Orders already made keep their discount.
         */
        patch: operations["updateDiscountCode"];
        trace?: never;
    };
    "/v1/cash_drawers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List cash drawers
         * @description Requires the `cash_drawers:read` permission.
         *
         *     The drawers of the merchant and environment, newest opened first, each with its figures and movements. `status` and `register` filter: `?register=R1&status=open` finds the open drawer of register `R1`, if it has one.
         */
        get: operations["listCashDrawers"];
        put?: never;
        /**
         * Open a cash drawer
         * @description Requires the `cash_drawers:write` permission.
         *
         *     Starts a drawer session for a register (`register`, the register's code, e.g. `R1`) with the cash put in it to start with (`opening_float`), in the merchant's currency. A register has at most one open drawer: while it has one, another open is 409 `cash_drawer_already_open` (of two opens at once, exactly one succeeds). `opened_by` is the signed-in user, or null for an API key. Records `cash_drawer.opened`.
         */
        post: operations["openCashDrawer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cash_drawers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a cash drawer
         * @description Requires the `cash_drawers:read` permission.
         *
         *     The drawer with its figures as they stand: while it is open, `expected_cash` counts every cash sale, cash refund and movement so far.
         */
        get: operations["getCashDrawer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cash_drawers/{id}/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay cash in or out of a drawer
         * @description Requires the `cash_drawers:write` permission.
         *
         *     Records cash put into (`paid_in`: more change, say) or taken out of (`paid_out`: a supplier paid from the till, a drop to the safe) an open drawer, with a `reason`; answers the drawer, the movement last in its `movements`. Sales and refunds are not movements: they count through the orders rung up on the drawer. A closed drawer is 422 `cash_drawer_closed`; a movement and a close racing run one after the other.
         */
        post: operations["createCashDrawerMovement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cash_drawers/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count and close a cash drawer
         * @description Requires the `cash_drawers:write` permission.
         *
         *     Ends the drawer session with the cash counted (`counted_cash`). `expected_cash` is fixed now (`opening_float + cash_sales - cash_refunds + paid_in - paid_out`, from the figures of this moment), and `over_short = counted_cash - expected_cash`: negative when cash is missing (short), positive when there is too much (over). Once closed, nothing more is paid in or out, and the register may open a new drawer. A cashier's sign-in may close only a drawer that cashier opened (403 `insufficient_permissions` otherwise); managers, admins and API keys close any. A closed drawer is 422 `cash_drawer_closed`. Records `cash_drawer.closed`.
         */
        post: operations["closeCashDrawer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Requires the `orders:read` permission.
         *
         *     Events of the credential's merchant and environment, newest first (`created_at`, then `id`, descending). Each is recorded in the same transaction as the change it describes, so an event exists exactly when its change does. Only the events the credential may read are listed: those of orders and refunds with `orders:read`, of products with `products:read`, of customers with `customers:read`, and of API keys with `api_keys:write` (a user who manages keys; never an API key).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description Requires the `orders:read` permission.
         *
         *     One event. Another merchant's or environment's event is 404, exactly like a missing one. An event the credential may not read (see List events) is 403 `insufficient_permissions`, naming the permission it needs.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Requires the `api_keys:write` permission. Accepts user access tokens only.
         *
         *     The merchant's API keys of both environments (or of the one `environment` names), newest first, revoked keys included. Shows each key's `last4`, never the key or its hash.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Requires the `api_keys:write` permission. Accepts user access tokens only.
         *
         *     Creates a key for either environment (whatever the environment of the access token) with the permissions asked for, all of them by default. The answer (201, `Cache-Control: no-store`) is the only time the key itself (`key`) is shown: only its hash is kept, so a lost key cannot be shown again; create another and revoke the lost one. The key works at once.
         *
         *     Ignores `Idempotency-Key`: replaying the answer would mean storing the key, so sending the request twice creates two keys. If a creation times out, list the keys and revoke any you did not receive.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Requires the `api_keys:write` permission. Accepts user access tokens only.
         *
         *     Requests with the key answer 401 `credential_revoked` from now on; this cannot be undone. Revoking a revoked key answers 200 with the record as it is (`revoked_at` unchanged). Another merchant's key answers 404, like an unknown one.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the account
         * @description The merchant the credential acts for (`id`, `name`, `currency`, `tax_rate_bps`, `prices_include_tax`), the `environment` it acts on, its `permissions`, and, for a user access token, the `user` (`id`, `email`, `role`); `user` is null for an API key. Any valid credential may call it: no permission is needed.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your sign-ins
         * @description Accepts user access tokens only.
         *
         *     The signed-in user's open sign-ins, newest first, paginated like every list: each app or browser they signed in on, with its client, a `device` summary of its `user_agent`, the `ip_address` of its last token request, when it started, when it last got tokens (`last_used_at`: a refresh, not each request) and the latest it can end (`expires_at`). The sign-in making the request has `current: true`. Ended and expired sign-ins are not listed. Any role; an API key has no sign-ins (403).
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out a sign-in
         * @description Accepts user access tokens only.
         *
         *     Ends one of your sign-ins (a lost phone, a browser you no longer use) and answers it with `ended_at` set. Its refresh token and access tokens answer 401 `credential_revoked` from their next request, on every server process. Ending the current sign-in signs you out. Another user's sign-in, an ended one or an unknown id answers 404.
         */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description Accepts user access tokens only.
         *
         *     Checks `current_password`, then sets `new_password` (at least 10 characters, not the current one; only its Argon2id hash is kept) and ends every other sign-in of the user: their tokens answer 401 `credential_revoked` from the next request. The sign-in making the change goes on. Every open password-reset link of the user is spent too: a link mailed before the change no longer works. A wrong `current_password` is 400 `incorrect_password` and changes nothing; it counts as a failed sign-in, so after too many (10 per 15 minutes) the account waits (429 with `Retry-After`), as on the sign-in page. Ignores `Idempotency-Key`: a retry of a change that succeeded answers `incorrect_password`, since the password it names is no longer the current one.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Requires a signed-in user with the `admin` role. Accepts user access tokens only.
         *
         *     The merchant's users, newest first, paginated like every list. Removed users are not listed.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Add a user
         * @description Requires a signed-in user with the `admin` role. Accepts user access tokens only.
         *
         *     Adds a person to the team with a `role` and an initial `password` (at least 10 characters) that the admin gives them; they sign in with it through `/oauth/authorize`. The password is temporary: at their first sign-in the person must choose their own (typed twice) before the app gets a code, so the admin does not know it for good. An e-mail that any user already has (of this or another merchant, removed users included) is 400 `parameter_invalid` with `param: "email"`; a short password has `param: "password"`. With `Idempotency-Key`, only the answer (the user, which never holds the password) and a hash of the request without the password are kept; so a retry with the same key and e-mail replays the first answer whatever password it sends, and the first password stands.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a user
         * @description Requires a signed-in user with the `admin` role. Accepts user access tokens only.
         *
         *     Removes the user and answers the user with `removed_at` set. They can no longer sign in, and every sign-in of theirs ends at once: their access and refresh tokens answer 401 `credential_revoked` from the next request, and every open password-reset link of theirs is spent. An admin cannot remove themselves (400 `parameter_invalid`, `param: "id"`). Removing a removed user, or another merchant's, answers 404. The e-mail stays taken.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Change a user's role
         * @description Requires a signed-in user with the `admin` role. Accepts user access tokens only.
         *
         *     Sets the user's `role`. Their access tokens lose what the new role does not grant at once; what it adds comes with their next refresh. An admin cannot change their own role (400 `parameter_invalid`, `param: "role"`), so the merchant always keeps an admin. A removed user, or another merchant's, answers 404.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v1/users/{id}/sign_out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a user out everywhere
         * @description Requires a signed-in user with the `admin` role. Accepts user access tokens only.
         *
         *     Ends every sign-in of the user, on every app and browser (a lost phone, a shared tablet), and answers the user. Their access and refresh tokens answer 401 `credential_revoked` from the next request, on every server process; they can sign in again with their password. Signing yourself out everywhere ends the sign-in making the request too. Every open password-reset link (or temporary password's token) of the user is spent, so a link mailed before does not bring them back. A removed user, or another merchant's, answers 404. Takes no body.
         */
        post: operations["signOutUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sales report
         * @description Requires the `orders:read` permission.
         *
         *     Orders paid and refunds made by the credential's merchant in its environment, from `from` (inclusive) to `to` (exclusive), at most 31 days, in totals and in buckets of one hour or one day.
         *
         *     - A sale is an order that was paid (status `paid`, `partially_refunded` or `refunded`), counted at its payment time (`payment.paid_at`) for its `total`. A refund counts at the time it was made, for its `amount`, whenever its order was paid. So `sales_amount` is gross: take `refunded_amount` off for net sales.
         *     - Buckets are whole UTC hours or UTC days, oldest first, every one of the range present (zeros included). The first starts at `from` rounded down to its UTC hour or day, so with a `from` that is not on a UTC boundary (a local midnight in UTC+05:30, say) the first and last buckets are partial: only what happened between `from` and `to` counts. For a local day, pass its bounds (e.g. `from=2026-11-21T00:00:00-05:00&to=2026-11-22T00:00:00-05:00`) with `interval=hour`.
         *     - `from` and `to` in the answer are the range as UTC timestamps. Amounts are in the merchant's `currency`.
         */
        get: operations["getSalesReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/end_of_day": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * End-of-day (Z) report
         * @description Requires the `reports:read` permission.
         *
         *     The close of one business day of the credential's merchant in its environment: per register and in total, the orders paid, sales by tender (cash, card), tips, tax, refunds by tender and the net, with the cash drawers closed that day and their over/short. For a manager closing the shop, not for the till: cashiers may not read it.
         *
         *     - **The day** is `date` in `time_zone` (IANA, default `UTC`): from its local midnight to the next, so a sale at 23:30 in New York is on that day in `America/New_York` and on the next in `UTC`. On a day the clocks change it lasts 23 or 25 hours; `from` and `to` answer its bounds in UTC.
         *     - **Orders** count at their payment time (`payment.paid_at`), for their total: `sales` without tips, `tips` apart, `tax` included in `sales`; `cash_sales` is their cash part (`payment.cash_amount`) and `card_sales` the rest. **Refunds** count when they were made, whenever their order was paid, split into `cash_refunds` and `card_refunds`. `net = sales + tips - refunds`.
         *     - **Registers**: an order counts on the register of the cash drawer it was rung up on (`payment.cash_drawer_id`); a refund on the register of the drawer its cash came out of, or, paid from no drawer, on its order's register. What no drawer names is the row `register: null`, listed last and only when there is any. A register's `drawers` are those closed in the day, and its `over_short` their sum (negative: cash missing).
         *     - **CSV**: `format=csv`, or `Accept: text/csv` without `format`, answers the same figures as `text/csv` with `Content-Disposition: attachment; filename="end-of-day-<date>.csv"`. Errors are JSON either way.
         */
        get: operations["getEndOfDayReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the merchant's settings
         * @description Requires the `merchant:read` permission.
         *
         *     Admin users and full-access API keys only: it takes the `merchant:read` (reading) or `merchant:write` (changing) permission, which the admin role grants and managers and cashiers lack. An API key created without a `permissions` list holds every permission, these included, and is what "full-access" means here; keys that held every permission before these two existed were given them. A narrower key gets 403 `insufficient_permissions`. The settings are the merchant's, shared by the sandbox and production environments.
         */
        get: operations["getMerchant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the merchant's settings
         * @description Requires the `merchant:write` permission.
         *
         *     Admin users and full-access API keys only: it takes the `merchant:read` (reading) or `merchant:write` (changing) permission, which the admin role grants and managers and cashiers lack. An API key created without a `permissions` list holds every permission, these included, and is what "full-access" means here; keys that held every permission before these two existed were given them. A narrower key gets 403 `insufficient_permissions`. The settings are the merchant's, shared by the sandbox and production environments. Only the fields sent change. A change applies to orders created after it; an order keeps the currency, tax and totals it was created with. `currency` is refused with 400 `currency_locked` once the merchant has an order in either environment. With `prices_include_tax` true, line prices include tax: `tax = round_half_up(total * tax_rate_bps / (10000 + tax_rate_bps))` and `subtotal = total - tax`, so `total` is exactly the sum of the lines. A change records one `merchant.updated` event in each environment; a body that changes nothing records none.
         */
        patch: operations["updateMerchant"];
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Requires the `webhooks:read` permission.
         *
         *     Newest first. Secrets are never listed.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Requires the `webhooks:write` permission.
         *
         *     Events of the credential's merchant and environment of the types in `enabled_events` are POSTed to `url`, signed as the Standard Webhooks specification says. The answer carries the signing `secret`: it is shown here and on rotation only.
         *
         *     An endpoint receives only the event types its credential may read through `/v1/events` (orders and refunds with `orders:read`, products with `products:read`, customers with `customers:read`, API keys with `api_keys:write`): an explicit type it cannot read is 403 `insufficient_permissions`, and `*` means every type it may read. Each delivery is checked again against what the credential may read at that moment. A merchant has at most 16 endpoints per environment (400 `webhook_endpoint_limit_reached`).
         *
         *     Ignores `Idempotency-Key`: replaying the answer would mean storing the secret, so sending the request twice makes two endpoints. If a creation times out, list the endpoints and delete any you did not receive.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Requires the `webhooks:read` permission.
         *
         *     Another merchant's or environment's endpoint is 404, exactly like a missing one.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Requires the `webhooks:write` permission.
         *
         *     The endpoint receives nothing more; deliveries still waiting for it are dropped.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Requires the `webhooks:write` permission.
         *
         *     Changes `url`, `enabled_events`, `description`, `metadata` or `status` (`enabled` or `disabled`). A disabled endpoint receives nothing until enabled again. A change of `url` or `enabled_events`, or enabling it, binds the endpoint to the credential making it: its event types must be ones that credential may read (403 `insufficient_permissions` otherwise), and from then on deliveries follow its permissions.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Requires the `webhooks:write` permission.
         *
         *     Makes a new secret and answers it. Until `expires_in_seconds` (default 86400) have passed, the secret it replaces keeps signing: deliveries carry one `v1,` signature per live secret in `webhook-signature`, separated by spaces, so a receiver can switch without refusing any. Up to three earlier secrets sign at once, each until its own expiry; a fourth rotation while three are live retires the one closest to its expiry. `expires_in_seconds: 0` retires the current secret and every earlier one at once (a secret that leaked).
         *
         *     Ignores `Idempotency-Key`: replaying the answer would mean storing the secret. A rotation that times out may have happened: rotate again; the secret you still use keeps signing until its expiry.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's delivery attempts
         * @description Requires the `webhooks:read` permission.
         *
         *     Every attempt, newest first: the event, the attempt number, what the receiver answered (status, the first 1 KB of the body), how long it took, why it failed, and when the next attempt is due.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Requires the `webhooks:write` permission.
         *
         *     Sends a `ping` event (`data.object` is `{"endpoint_id"}`) to the endpoint now, signed like any other. Tests and resends may queue 60 deliveries a minute per merchant and environment together; past that, 429 `rate_limited`.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again
         * @description Requires the `webhooks:write` permission.
         *
         *     Queues the event now, with the same `webhook-id`, for `endpoint_id`, or for every enabled endpoint subscribed to its type, each only if its credential may read the event type now (`endpoint_ids` lists those it was queued for). Tests and resends may queue 60 deliveries a minute per merchant and environment together; past that, 429 `rate_limited`.
         */
        post: operations["resendEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh an access token
         * @description Exchanges a refresh token for a new access token and a new refresh token. Each refresh token works once: the one sent stops working. Two requests with one token get one success and one 401 `refresh_token_used`. A token used again more than the grace period (10 s) after its exchange is taken as stolen: the whole sign-in ends, its access tokens included (401 `credential_revoked`). Sends no credential; ignores `Idempotency-Key`.
         *
         *     Switching environments: send `environment` (`sandbox` or `production`) to get tokens for that data set. The refresh token rotates exactly as above, and the sign-in moves to the environment asked for: later refreshes stay there, and its access tokens for the other environment answer 401 `credential_revoked` while it is there. A user who may sign in may use either environment, as at sign-in.
         *
         *     A sign-in lasts at most `SESSION_MAX_AGE_DAYS` (90 by default) from the moment the user signed in, however often it is refreshed: past it, a refresh answers 401 `credential_revoked` and the user signs in again. Each refresh records the sign-in's last use, with the `User-Agent` and address of the request, as `GET /v1/account/sessions` shows them.
         */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/processors/stripe/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a Stripe event
         * @description Where Stripe sends its events: add this URL as a webhook endpoint in Stripe's dashboard (Developers, Webhooks), for the events `payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded`, `charge.dispute.created`, and set its signing secret as `STRIPE_WEBHOOK_SECRET`. Sends no API key: the `Stripe-Signature` header is checked against the body with that secret (HMAC-SHA256 of `{t}.{body}`, Stripe's scheme), and a signature older than 5 minutes is refused. Each event is applied once, by its id: Stripe sending it again is answered 200 and changes nothing. An event of a type Till does not act on, or about a payment of no order of this server, is answered 200 and ignored (and logged). See "Stripe events" in the conventions for what each type does.
         */
        post: operations["receiveStripeEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** Error */
        Error: {
            error: {
                /** @description The class of error, e.g. `invalid_request_error`. */
                type: string;
                /** @description A machine-readable code from the catalogue, e.g. `out_of_stock`. */
                code: string;
                /** @description A human-readable explanation, safe to show to a merchant. */
                message: string;
                /** @description The request field at fault, where one is. */
                param?: string;
                /** @description The `Request-Id` of the request, for support. */
                request_id: string;
                /** @description `authentication_required` only, as in Stripe's error object: the PaymentIntent waiting for the customer to authenticate (3-D Secure). The app finishes it with Stripe's SDK, then captures again with its `id` as `payment_token`. */
                payment_intent?: {
                    /** @description The Stripe PaymentIntent id (`pi_...`). */
                    id: string;
                    /** @description Its client secret, for Stripe's SDK to run the authentication. */
                    client_secret: string;
                };
            };
        };
        Pagination: {
            /** @description Number of objects matching the filters, on all pages. */
            total: number;
            page: number;
            per_page: number;
            /** @description True when a later page has objects. */
            has_more: boolean;
        };
        /** Order */
        Order: {
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /**
             * @description The order's number: per merchant and environment, from 1001 in order of creation, with no gap and no repeat.
             * @example 1042
             */
            number: number;
            status: components["schemas"]["OrderStatus"];
            /** @description `subtotal + tax + tip`, in the smallest currency unit: what the customer pays (the tip only once captured with one). */
            total: number;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            subtotal: number;
            /** @description Tax on the subtotal (after discounts), fixed when the order is created; a tip is not taxed. */
            tax: number;
            /** @description The tip taken with the payment (Capture Order's `tip`), in the smallest currency unit; 0 until then. Not taxed; included in `total`. */
            tip: number;
            /** @description All money off the order: the sum of the lines' `discount_amount` (line and order-level discounts). */
            discount_total: number;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            refunded_amount: number;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            customer_id: string | null;
            items: components["schemas"]["LineItem"][];
            /** @description Order-level discounts, as sent, then the discount code's. */
            discounts: components["schemas"]["AppliedDiscount"][];
            customer: components["schemas"]["OrderCustomer"] | null;
            payment_method: components["schemas"]["PaymentMethod"];
            payment: components["schemas"]["Payment"] | null;
            refunds: components["schemas"]["Refund"][];
            dispute: components["schemas"]["OrderDispute"] | null;
            notes: string | null;
            /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
            metadata: {
                [key: string]: string;
            };
            /** @description An offline sale: the number on the receipt the register printed (`R1-000042`), unique per merchant and environment; null for other orders. */
            register_receipt_number: string | null;
            /** @description An offline sale: what differed between the register's sale and the server's when it came in (`product_inactive`, `price_changed`, `stock_short`, `total_changed`, in that order, each in the order of the lines); `[]` when nothing did, and for every other order. */
            sync_differences: components["schemas"]["SyncDifference"][];
            /** @description An offline sale: when the register recorded it, by the device's clock (ISO 8601 UTC, with milliseconds); `created_at` is when the server received it. Null for other orders. */
            recorded_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        /**
         * @description `pending` (created, stock reserved), `paid`, `partially_refunded`, `refunded` or `canceled`.
         * @enum {string}
         */
        OrderStatus: "pending" | "paid" | "partially_refunded" | "refunded" | "canceled";
        /** OrderSummary */
        OrderSummary: {
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /**
             * @description The order's number: per merchant and environment, from 1001 in order of creation, with no gap and no repeat.
             * @example 1042
             */
            number: number;
            status: components["schemas"]["OrderStatus"];
            /** @description Amount in the smallest currency unit (e.g. cents). */
            total: number;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /** @description Number of line items. */
            items_count: number;
            customer_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        OrderList: {
            data: components["schemas"]["OrderSummary"][];
            pagination: components["schemas"]["Pagination"];
        };
        LineItem: {
            /** @example li_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @example prod_4Vq2c9XrT0bLkP7sYh1m */
            product_id: string;
            /** @description The product's name when the order was created. */
            name: string;
            quantity: number;
            /** @description Price of one unit as sold, in the smallest currency unit: the product's price when the order was created plus the chosen modifiers' `price_delta`s. */
            unit_price: number;
            /** @description `quantity * unit_price`. */
            total: number;
            discount: components["schemas"]["AppliedDiscount"] | null;
            /** @description Money off this line from every discount: its own plus its share of the order's. The line sells for `total - discount_amount` before tax. */
            discount_amount: number;
            /** @description Units of this line returned by refunds so far. */
            refunded_quantity: number;
            /** @description The modifier options chosen for the line, in the order of the product's groups; `[]` without any. */
            modifiers: components["schemas"]["LineItemModifier"][];
        };
        /** @description A modifier option chosen for a line (Oat milk +0.50), frozen at sale. */
        LineItemModifier: {
            /** @example mgrp_4Vq2c9XrT0bLkP7sYh1m */
            group_id: string;
            /** @description The modifier group's name when the order was created. */
            group_name: string;
            /** @example mopt_4Vq2c9XrT0bLkP7sYh1m */
            option_id: string;
            /** @description The option's name when the order was created. */
            name: string;
            /** @description The option's price delta when the order was created, included in the line's `unit_price`. */
            price_delta: number;
        };
        /** @description A discount applied to a line or to the order. `amount` is the money it took off, in the smallest currency unit (for a percentage, as computed and rounded half up). */
        AppliedDiscount: {
            /**
             * @description `percentage` of the value it applies to, or a fixed `amount`.
             * @enum {string}
             */
            type: "percentage" | "amount";
            percentage_bps: number | null;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            amount: number;
            reason: string | null;
            code: string | null;
        };
        /** @description The customer: `{id, name, email}` to a credential with `customers:read`; `{id}` only to one without (order views and `order.*` events alike; for webhooks, the endpoint's credential counts). */
        OrderCustomer: {
            /** @example cus_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @description Shown only to a credential with `customers:read`. */
            name?: string;
            email?: string | null;
        };
        /** @description How the order was paid: by card, in cash, or split between cash and a card (a card order with `cash_amount > 0`; `method` stays `card`). `cash_amount + card_amount = total`. */
        Payment: {
            method: components["schemas"]["PaymentMethod"];
            processor: ("simulator" | "stripe") | null;
            processor_payment_id: string | null;
            card_brand: string | null;
            card_last4: string | null;
            /** @description The part of `total` paid in cash: all of it for a cash order; for a card order, the cash part of a split tender (Capture's `cash_amount`), else 0. */
            cash_amount: number;
            /** @description The part of `total` charged to the card: `total - cash_amount` (0 for a cash order). */
            card_amount: number;
            /** @description The cash the customer handed over (Capture's `cash_given`); null when it was not told. */
            cash_given: number | null;
            /** @description The change handed back: `cash_given - cash_amount`; null when `cash_given` is. */
            change_due: number | null;
            /** @description The cash drawer, and so the register, the sale was rung up on (Capture's `cash_drawer_id`); null when none was named. */
            cash_drawer_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            paid_at: string;
        };
        /** @enum {string} */
        PaymentMethod: "card" | "cash";
        /** Refund */
        Refund: {
            /** @example ref_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            order_id: string;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            amount: number;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /** @enum {string} */
            status: "succeeded";
            reason: components["schemas"]["RefundReason"];
            /** @description Units that came back with this refund; empty for a money-only refund. */
            items: components["schemas"]["RefundItem"][];
            processor_refund_id: string | null;
            /** @description The part of `amount` paid back in cash. Refunds go back to the card first, up to what the card paid less what was refunded to it before, and the rest in cash; a cash order's refunds are all cash. */
            cash_amount: number;
            /** @description The cash drawer the refund was rung up on, which its `cash_amount` came out of: the one named (Refund's `cash_drawer_id`), else the order's drawer while it is open; null otherwise. */
            cash_drawer_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        RefundItem: {
            /** @example li_4Vq2c9XrT0bLkP7sYh1m */
            line_item_id: string;
            quantity: number;
        };
        /**
         * @description Why the money goes back; default `customer_request`.
         * @enum {string}
         */
        RefundReason: "customer_request" | "duplicate" | "fraudulent" | "other";
        /** @description A chargeback the card's holder opened with their bank, as Stripe reported it (`charge.dispute.created`); null without one. */
        OrderDispute: {
            /** @description Stripe's id of the dispute (`du_...`). */
            id: string;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            amount: number;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /** @description Stripe's reason for the dispute (`fraudulent`, `product_not_received`, `duplicate`, `general`...). */
            reason: string;
            /** @description Stripe's status of the dispute when Till was told of it (`needs_response`, `warning_needs_response`...). Answer it in Stripe's dashboard. */
            status: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        /** SyncDifference */
        SyncDifference: {
            /** @enum {string} */
            type: "price_changed";
            /** @example prod_4Vq2c9XrT0bLkP7sYh1m */
            product_id: string;
            /** @example li_4Vq2c9XrT0bLkP7sYh1m */
            line_item_id: string;
            /** @description The unit price the register charged (`items[].unit_price`), which the line is sold at. */
            recorded_price: number;
            /** @description The unit price the line would have now: the product's price plus its modifiers' deltas. */
            current_price: number;
        } | {
            /** @enum {string} */
            type: "product_inactive";
            /** @example prod_4Vq2c9XrT0bLkP7sYh1m */
            product_id: string;
        } | {
            /** @enum {string} */
            type: "stock_short";
            /** @example prod_4Vq2c9XrT0bLkP7sYh1m */
            product_id: string;
            /** @description Units sold beyond the stock there was; the product's `inventory` is now below zero. */
            shortfall: number;
        } | {
            /** @enum {string} */
            type: "total_changed";
            /** @description The total the register showed and took (`recorded_total`). */
            recorded_total: number;
            /** @description The order's total as the server computed it (the merchant's tax rate may have changed, a discount code may have been capped...). */
            total: number;
        };
        /**
         * Receipt
         * @description The receipt of a paid order: the shop, the lines, the discounts, subtotal, tax, tip and total, the payment by tender and the refunds. What the hosted receipt page, the e-mailed receipt and the dashboard's print view show. Holds no customer details, notes or metadata.
         */
        Receipt: {
            /** @enum {string} */
            object: "receipt";
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            order_id: string;
            /**
             * @description The order's number: per merchant and environment, from 1001 in order of creation, with no gap and no repeat.
             * @example 1042
             */
            number: number;
            status: components["schemas"]["OrderStatus"];
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            shop: components["schemas"]["ReceiptShop"];
            /** @description The order's lines, as Get Order shows them. */
            items: components["schemas"]["LineItem"][];
            /** @description Order-level discounts, then the discount code's. */
            discounts: components["schemas"]["AppliedDiscount"][];
            /** @description All money off the order (line and order-level discounts). */
            discount_total: number;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            subtotal: number;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            tax: number;
            /** @description Whether the order's line prices included its tax (the merchant's `prices_include_tax` when the order was created): `tax` is then the part of the lines' sum that is tax, and the receipt says it was included. False when tax was added on top, or the order has none. */
            tax_included: boolean;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            tip: number;
            /** @description `subtotal + tax + tip`: what the customer paid. */
            total: number;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            refunded_amount: number;
            payment: components["schemas"]["ReceiptPayment"];
            /** @description The refunds of the order, oldest first. */
            refunds: components["schemas"]["ReceiptRefund"][];
            /**
             * Format: date-time
             * @description When the order was created.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        /**
         * ReceiptShop
         * @description What the receipt says of the shop: the merchant's settings (`GET /v1/merchant`) as they are now, readable here with `orders:read`.
         */
        ReceiptShop: {
            /** @description The shop's name. */
            name: string;
            address: components["schemas"]["MerchantAddress"] | null;
            tax_id: string | null;
            footer: string | null;
        };
        /**
         * ReceiptPayment
         * @description How the order was paid, by tender.
         */
        ReceiptPayment: {
            method: components["schemas"]["PaymentMethod"];
            card_brand: string | null;
            card_last4: string | null;
            /** @description The part of `total` paid in cash: all of it for a cash order, part of it for a card order paid partly in cash, else 0. */
            cash_amount: number;
            /** @description The part of `total` charged to the card: `total - cash_amount`. */
            card_amount: number;
            cash_given: number | null;
            change_due: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            paid_at: string;
        };
        /** ReceiptRefund */
        ReceiptRefund: {
            /** @example ref_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @description Amount in the smallest currency unit (e.g. cents). */
            amount: number;
            /** @description The part of the refund paid back in cash; the rest went back to the card. */
            cash_amount: number;
            reason: components["schemas"]["RefundReason"];
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        /** ReceiptLink */
        ReceiptLink: {
            /** @example rcl_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @enum {string} */
            object: "receipt_link";
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            order_id: string;
            /**
             * Format: uri
             * @description The hosted receipt page: `PUBLIC_URL` (or the server's own address) followed by `/r/` and the token. Anyone holding it can read the receipt, without a credential.
             * @example https://till.example.com/r/4Vq2c9XrT0bLkP7sYh1mQw8ZeN3dJ6uA
             */
            url: string;
            /**
             * @description The link's secret part, 32 random base62 characters. Shown only in this answer: Till keeps its SHA-256 alone.
             * @example 4Vq2c9XrT0bLkP7sYh1mQw8ZeN3dJ6uA
             */
            token: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        /**
         * ReceiptEmail
         * @description A receipt on its way: it is sent after this answer.
         */
        ReceiptEmail: {
            /** @enum {string} */
            object: "receipt_email";
            /**
             * Format: email
             * @description The address the receipt is sent to.
             */
            to: string;
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            order_id: string;
        };
        /** Product */
        Product: {
            /** @example prod_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            name: string;
            price: number;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            inventory: number | null;
            /** @description Inactive products cannot be ordered (an offline sale, synced later, is taken all the same). */
            active: boolean;
            sku: string | null;
            barcode: string | null;
            category: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            /** @description Options offered with the product (Size, Milk...); `[]` without any. */
            modifier_groups: components["schemas"]["ModifierGroup"][];
        };
        ProductList: {
            data: components["schemas"]["Product"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * CatalogueCopy
         * @description What Copy from Sandbox did: `created` + `skipped` is the number of sandbox products.
         */
        CatalogueCopy: {
            /** @description Sandbox products copied into production by this call. */
            created: number;
            /** @description Sandbox products left alone because an earlier copy (or one running at the same time) already copied them, or because production already has a product with the same value of a field that must be unique. */
            skipped: number;
            /** @description The production products this call created, in the order the sandbox products were created. */
            products: components["schemas"]["Product"][];
        };
        /**
         * ModifierGroup
         * @description A choice offered with a product (Size, Milk...): its options, each with a price delta, and how many a line chooses.
         */
        ModifierGroup: {
            /** @example mgrp_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            name: string;
            /** @description An order line of the product must choose from this group (`min_selected` is at least 1). */
            required: boolean;
            /** @description Fewest options a line may choose from this group. */
            min_selected: number;
            /** @description Most options a line may choose from this group. */
            max_selected: number;
            options: components["schemas"]["ModifierOption"][];
        };
        /** ModifierOption */
        ModifierOption: {
            /** @example mopt_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            name: string;
            /** @description Added to the unit price when chosen; may be negative. */
            price_delta: number;
        };
        /**
         * InventoryShortfall
         * @description An offline sale (Create Order with `recorded_at`) left the stock of a product below zero: the register sold units the server no longer had.
         */
        InventoryShortfall: {
            /** @enum {string} */
            object: "inventory_shortfall";
            /** @example prod_4Vq2c9XrT0bLkP7sYh1m */
            product_id: string;
            /** @description The product's name when the sale came in. */
            product_name: string;
            /** @example ord_4Vq2c9XrT0bLkP7sYh1m */
            order_id: string;
            /** @description The offline sale's receipt number (`R1-000042`). */
            register_receipt_number: string;
            /** @description Units of the product the sale took, all its lines together. */
            quantity: number;
            /** @description Units sold beyond the stock there was: all of them when the stock was already at zero or below. */
            shortfall: number;
            /** @description The product's stock once the sale took its units: below zero. Count the shelf and set it (`PATCH /v1/products/{id}` with `inventory`). */
            inventory: number;
        };
        /** Customer */
        Customer: {
            /** @example cus_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            name: string;
            email: string | null;
            phone: string | null;
            note: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        CustomerList: {
            data: components["schemas"]["Customer"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** DiscountCode */
        DiscountCode: {
            /** @example dc_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @description The code, upper-cased; Create Order's `discount_code` matches it ignoring case. */
            code: string;
            /** @enum {string} */
            type: "percentage" | "amount";
            percentage_bps: number | null;
            amount: number | null;
            reason: string | null;
            max_redemptions: number | null;
            /** @description Orders that redeemed the code, less those canceled since. */
            times_redeemed: number;
            expires_at: string | null;
            /** @description Inactive codes cannot be redeemed. */
            active: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        DiscountCodeList: {
            data: components["schemas"]["DiscountCode"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * CashDrawer
         * @description One session of a register's cash drawer: opened with a float, filled by cash sales, emptied by cash refunds and paid-outs, then counted and closed. A register has at most one open drawer.
         */
        CashDrawer: {
            /** @example drw_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @enum {string} */
            object: "cash_drawer";
            /** @description The register's code. */
            register: string;
            /**
             * @description `open` (taking cash) or `closed` (counted; nothing more goes in or out).
             * @enum {string}
             */
            status: "open" | "closed";
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /** @description The cash in the drawer when it was opened. */
            opening_float: number;
            /** @description The cash taken for paid orders rung up on this drawer (their `payment.cash_amount`: a cash order's total, tip included, or the cash part of a split). */
            cash_sales: number;
            /** @description The cash paid back out of this drawer by refunds (their `cash_amount`). */
            cash_refunds: number;
            /** @description Sum of the `paid_in` movements. */
            paid_in: number;
            /** @description Sum of the `paid_out` movements. */
            paid_out: number;
            /** @description The cash that should be in the drawer: `opening_float + cash_sales - cash_refunds + paid_in - paid_out`. Worked out live while the drawer is open; fixed when it is closed, from the figures of that moment. */
            expected_cash: number;
            counted_cash: number | null;
            over_short: number | null;
            opened_by: {
                /** @example usr_4Vq2c9XrT0bLkP7sYh1m */
                id: string;
                /** @description The user's e-mail. */
                email: string;
            } | null;
            closed_by: {
                /** @example usr_4Vq2c9XrT0bLkP7sYh1m */
                id: string;
                /** @description The user's e-mail. */
                email: string;
            } | null;
            opening_note: string | null;
            closing_note: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            opened_at: string;
            closed_at: string | null;
            /** @description The cash paid in and out, oldest first. */
            movements: components["schemas"]["CashDrawerMovement"][];
        };
        /**
         * CashDrawerMovement
         * @description Cash paid into or out of a drawer while it was open, other than sales and refunds.
         */
        CashDrawerMovement: {
            /** @example dmv_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /**
             * @description `paid_in` (cash put into the drawer, e.g. more change) or `paid_out` (cash taken out, e.g. to pay a supplier, or a drop to the safe).
             * @enum {string}
             */
            type: "paid_in" | "paid_out";
            /** @description The cash paid in or out, in the smallest currency unit. */
            amount: number;
            /** @description Why, as given. */
            reason: string;
            created_by: {
                /** @example usr_4Vq2c9XrT0bLkP7sYh1m */
                id: string;
                /** @description The user's e-mail. */
                email: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
        };
        /** CashDrawerList */
        CashDrawerList: {
            data: components["schemas"]["CashDrawer"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** Event */
        Event: {
            /** @example evt_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /**
             * @description What happened: `order.created`, `order.updated`, `order.paid`, `order.canceled`, `order.refunded`, `order.disputed`, `refund.created`, `product.created`, `product.updated`, `inventory.shortfall`, `discount_code.created`, `discount_code.updated`, `customer.created`, `customer.updated`, `api_key.created`, `api_key.revoked`, `merchant.updated`, `cash_drawer.opened`, `cash_drawer.closed`.
             * @enum {string}
             */
            type: "order.created" | "order.updated" | "order.paid" | "order.canceled" | "order.refunded" | "order.disputed" | "refund.created" | "product.created" | "product.updated" | "inventory.shortfall" | "discount_code.created" | "discount_code.updated" | "customer.created" | "customer.updated" | "api_key.created" | "api_key.revoked" | "merchant.updated" | "cash_drawer.opened" | "cash_drawer.closed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            data: {
                /** @description The object the event is about, as the API showed it right after the change: the order for `order.*` events, the refund for `refund.created`, the product for `product.*`, the shortfall for `inventory.shortfall`, the discount code for `discount_code.*`, the customer for `customer.*`, the API key's record for `api_key.*` (never the key itself nor its hash), the merchant for `merchant.updated`, the cash drawer for `cash_drawer.*`. */
                object: components["schemas"]["Order"] | components["schemas"]["Refund"] | components["schemas"]["Product"] | components["schemas"]["InventoryShortfall"] | components["schemas"]["DiscountCode"] | components["schemas"]["Customer"] | components["schemas"]["ApiKey"] | components["schemas"]["Merchant"] | components["schemas"]["CashDrawer"];
            };
        };
        EventList: {
            data: components["schemas"]["Event"][];
            pagination: components["schemas"]["Pagination"];
        };
        TokenResponse: {
            /** @description A JWT (ES256) to send as `Authorization: Bearer <access_token>`. */
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /** @description Seconds until the access token expires. */
            expires_in: number;
            /** @description The refresh token to use next time; the one sent is no longer valid. */
            refresh_token: string;
        };
        /**
         * ApiKey
         * @description An API key as stored: never the key itself, nor its hash.
         */
        ApiKey: {
            /** @example key_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            name: string;
            /**
             * @description `sandbox` (keys start with `sk_test_`) or `production` (`sk_live_`).
             * @enum {unknown}
             */
            environment: "sandbox" | "production";
            /** @description What the key may do. */
            permissions: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "webhooks:read" | "webhooks:write" | "merchant:read" | "merchant:write" | "cash_drawers:read" | "cash_drawers:write" | "reports:read")[];
            /** @description The last four characters of the key, to tell keys apart. The key itself is never shown again. */
            last4: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @description When the key last authenticated a request (recorded at most once a minute); null if never. */
            last_used_at: string | null;
            /** @description When the key was revoked; null while it works. */
            revoked_at: string | null;
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * CreatedApiKey
         * @description A new API key: its record, plus the key itself, shown this once.
         */
        CreatedApiKey: {
            /** @example key_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            name: string;
            /**
             * @description `sandbox` (keys start with `sk_test_`) or `production` (`sk_live_`).
             * @enum {unknown}
             */
            environment: "sandbox" | "production";
            /** @description What the key may do. */
            permissions: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "webhooks:read" | "webhooks:write" | "merchant:read" | "merchant:write" | "cash_drawers:read" | "cash_drawers:write" | "reports:read")[];
            /** @description The last four characters of the key, to tell keys apart. The key itself is never shown again. */
            last4: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @description When the key last authenticated a request (recorded at most once a minute); null if never. */
            last_used_at: string | null;
            /** @description When the key was revoked; null while it works. */
            revoked_at: string | null;
            /**
             * @description The API key itself. It is in this response only: store it now, as only its hash is kept.
             * @example sk_test_4eC39HqLyjWDarjtT1zdp7dcX8mQ2vNb
             */
            key: string;
        };
        /**
         * Account
         * @description The merchant a credential acts for, the environment it acts on, and what it may do.
         */
        Account: {
            /**
             * @description The merchant the credential acts for.
             * @example mer_4Vq2c9XrT0bLkP7sYh1m
             */
            id: string;
            /** @description The merchant's business name. */
            name: string;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /** @description Tax rate in basis points (825 is 8.25%), applied to every order. */
            tax_rate_bps: number;
            /** @description Whether prices include the tax (the tax is then the part of a sale's total that is tax) or it is added on top: with `tax_rate_bps`, what a register needs to work out a total without the network. */
            prices_include_tax: boolean;
            /**
             * @description The data set the credential acts on: `sandbox` or `production`.
             * @enum {unknown}
             */
            environment: "sandbox" | "production";
            /** @description What the credential may do now (for a user: what the role grants). */
            permissions: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "api_keys:write" | "webhooks:read" | "webhooks:write" | "merchant:read" | "merchant:write" | "cash_drawers:read" | "cash_drawers:write" | "reports:read")[];
            /** @description The user a user access token belongs to; null for an API key. */
            user: components["schemas"]["AccountUser"] | null;
        };
        /** @description The signed-in user. */
        AccountUser: {
            /** @example usr_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @description The e-mail the user signs in with (lower case). */
            email: string;
            /**
             * @description What the user may do: `admin`, `manager` or `cashier`.
             * @enum {unknown}
             */
            role: "admin" | "manager" | "cashier";
        };
        /**
         * Session
         * @description One sign-in of the user: an app or browser holding a refresh token. Never shows a token.
         */
        Session: {
            /**
             * @description The sign-in; its access tokens carry it as the `sid` claim.
             * @example ses_4Vq2c9XrT0bLkP7sYh1m
             */
            id: string;
            client: components["schemas"]["SessionClient"];
            /** @description A short summary of `user_agent` for people, e.g. "Chrome on macOS" or "okhttp 4.12"; "Unknown device" without one. */
            device: string;
            user_agent: string | null;
            ip_address: string | null;
            /**
             * @description The data set its tokens act on now.
             * @enum {unknown}
             */
            environment: "sandbox" | "production";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it last got tokens: its sign-in or its last refresh (requests with an access token do not count).
             * @example 2026-11-21T10:00:00.000Z
             */
            last_used_at: string;
            /**
             * Format: date-time
             * @description The latest it can end: the lifetime of a refresh token (30 days by default) after its last refresh, and never later than `SESSION_MAX_AGE_DAYS` (90 by default) after `created_at`.
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            ended_at: string | null;
            /** @description True for the sign-in making this request. */
            current: boolean;
        };
        /** @description The app the sign-in was made with. */
        SessionClient: {
            /**
             * @description The OAuth client (app) the user signed in to.
             * @example cli_4Vq2c9XrT0bLkP7sYh1m
             */
            id: string;
            /** @description Its name, e.g. "Till dashboard". */
            name: string;
        };
        /** SessionList */
        SessionList: {
            data: components["schemas"]["Session"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * PasswordChanged
         * @description The password was changed; every other sign-in of the user has ended.
         */
        PasswordChanged: {
            user: components["schemas"]["AccountUser"];
            /** @description How many other sign-ins of the user the change ended. */
            sessions_ended: number;
        };
        /**
         * User
         * @description A person of the merchant who signs in to apps. Never shows the password or its hash. `removed_at` is set once the user was removed.
         */
        User: {
            /** @example usr_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @description The e-mail the user signs in with, in lower case. Unique across all merchants. */
            email: string;
            /**
             * @description What the user may do: `admin` (everything, the Team API and API keys included), `manager` (all but API keys and the team) or `cashier` (orders, reading products and customers).
             * @enum {unknown}
             */
            role: "admin" | "manager" | "cashier";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            removed_at: string | null;
        };
        /** UserList */
        UserList: {
            data: components["schemas"]["User"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * SalesReport
         * @description Sales and refunds of the credential's merchant and environment over a range, in totals and by hour or day (UTC).
         */
        SalesReport: {
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            from: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            to: string;
            /**
             * @description Bucket size: `hour` (default) or `day`, in UTC.
             * @enum {unknown}
             */
            interval: "hour" | "day";
            totals: {
                /** @description Orders paid in the range. */
                orders: number;
                /** @description Sum of their totals without tips (gross: refunds are not taken off). */
                sales_amount: number;
                /** @description Sum of their tips; `sales_amount + tips` is what was charged. */
                tips: number;
                /** @description Sum of the refunds made in the range, whenever their order was paid. */
                refunded_amount: number;
                /** @description Refunds made in the range. */
                refunds: number;
            };
            /** @description Every hour or day of the range, oldest first, zeros included. */
            buckets: components["schemas"]["SalesBucket"][];
        };
        /**
         * SalesBucket
         * @description One hour or day (UTC) of the range, starting at `start`.
         */
        SalesBucket: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            start: string;
            /** @description Orders paid in this bucket. */
            orders: number;
            /** @description Sum of the totals of the orders paid in this bucket without their tips (goods and tax), in the smallest currency unit. */
            sales_amount: number;
            /** @description Sum of the tips taken with the orders paid in this bucket (not in `sales_amount`; not taxed). */
            tips: number;
            /** @description Sum of the refunds made in this bucket, in the smallest currency unit. */
            refunded_amount: number;
        };
        /**
         * EndOfDayReport
         * @description The end-of-day (Z) report of the credential's merchant and environment for one local day: per register and in total, the sales by tender, tips, tax, refunds and the drawers' over/short.
         */
        EndOfDayReport: {
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /**
             * Format: date
             * @description The day reported, in `time_zone`.
             */
            date: string;
            /** @description The IANA time zone the day was cut in. */
            time_zone: string;
            /**
             * Format: date-time
             * @description The day's first instant, in UTC (inclusive).
             * @example 2026-11-21T10:00:00.000Z
             */
            from: string;
            /**
             * Format: date-time
             * @description The next day's first instant, in UTC (exclusive). 23 or 25 hours after `from` on a day the clocks change.
             * @example 2026-11-21T10:00:00.000Z
             */
            to: string;
            /** @description Every register with a sale, a refund or a closed drawer in the day, by code; then, when there is any, the row of sales and refunds made without a drawer (`register: null`). */
            registers: components["schemas"]["EndOfDayRegister"][];
            /** @description The figures of every register of the day added up. */
            totals: {
                /** @description Orders paid in the day (counted at `payment.paid_at`). */
                orders: number;
                /** @description Sum of their totals without tips (goods and tax). */
                sales: number;
                /** @description Sum of their tips. */
                tips: number;
                /** @description Sum of their tax (included in `sales`). */
                tax: number;
                /** @description The cash part of what they were paid (`payment.cash_amount`: a cash order's total, or the cash part of a split), tips included. */
                cash_sales: number;
                /** @description The card part: `sales + tips - cash_sales`. */
                card_sales: number;
                /** @description Sum of the refunds made in the day, whenever their order was paid. */
                refunds: number;
                /** @description The part of those refunds paid back in cash. */
                cash_refunds: number;
                /** @description The part paid back to cards: `refunds - cash_refunds`. */
                card_refunds: number;
                /** @description `sales + tips - refunds`: what the day took, less what it gave back. Negative when the refunds exceed the sales. */
                net: number;
                /** @description Sum of the `over_short` of the drawers closed in the day: negative when cash was missing, positive when there was too much; 0 when none closed. */
                over_short: number;
            };
        };
        /**
         * EndOfDayRegister
         * @description One register's day: the orders paid on it (rung up on one of its cash drawers, `payment.cash_drawer_id`) and the refunds made on it (paid out of one of its drawers; a refund paid from no drawer counts on the register its order was rung up on), with its drawers closed that day.
         */
        EndOfDayRegister: {
            register: string | null;
            /** @description Orders paid in the day (counted at `payment.paid_at`). */
            orders: number;
            /** @description Sum of their totals without tips (goods and tax). */
            sales: number;
            /** @description Sum of their tips. */
            tips: number;
            /** @description Sum of their tax (included in `sales`). */
            tax: number;
            /** @description The cash part of what they were paid (`payment.cash_amount`: a cash order's total, or the cash part of a split), tips included. */
            cash_sales: number;
            /** @description The card part: `sales + tips - cash_sales`. */
            card_sales: number;
            /** @description Sum of the refunds made in the day, whenever their order was paid. */
            refunds: number;
            /** @description The part of those refunds paid back in cash. */
            cash_refunds: number;
            /** @description The part paid back to cards: `refunds - cash_refunds`. */
            card_refunds: number;
            /** @description `sales + tips - refunds`: what the day took, less what it gave back. Negative when the refunds exceed the sales. */
            net: number;
            /** @description Sum of the `over_short` of the drawers closed in the day: negative when cash was missing, positive when there was too much; 0 when none closed. */
            over_short: number;
            /** @description The register's drawers closed in the day, by closing time. */
            drawers: components["schemas"]["EndOfDayDrawer"][];
        };
        /**
         * EndOfDayDrawer
         * @description A cash drawer of the register closed in the day (`closed_at` in it), whenever it was opened.
         */
        EndOfDayDrawer: {
            /** @example drw_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            opened_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            closed_at: string;
            /** @description The cash the drawer should have held at close. */
            expected_cash: number;
            /** @description The cash counted at close. */
            counted_cash: number;
            /** @description `counted_cash - expected_cash`. */
            over_short: number;
        };
        /**
         * Merchant
         * @description The merchant's settings, shared by both environments. A change applies to orders created after it; an order keeps the currency, tax and totals it was created with.
         */
        Merchant: {
            /** @example mer_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /** @description The shop's name. */
            name: string;
            /**
             * @description ISO 4217 currency code.
             * @example USD
             */
            currency: string;
            /** @description Tax rate in basis points (825 = 8.25%). */
            tax_rate_bps: number;
            /** @description false: tax is added on top, `tax = round_half_up(subtotal * tax_rate_bps / 10000)`, `total = subtotal + tax`. true: line prices include tax, the order's tax is the included part, `tax = round_half_up(total * tax_rate_bps / (10000 + tax_rate_bps))`, `subtotal = total - tax`, `total` the sum of the lines. */
            prices_include_tax: boolean;
            address: components["schemas"]["MerchantAddress"] | null;
            tax_id: string | null;
            receipt_footer: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        /**
         * MerchantAddress
         * @description The shop's address as a receipt shows it (Stripe's address shape).
         */
        MerchantAddress: {
            line1: string | null;
            line2: string | null;
            city: string | null;
            region: string | null;
            postal_code: string | null;
            country: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listOrders: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /**
                 * @description One status, or several separated by commas.
                 * @example paid,partially_refunded
                 */
                status?: string;
                customer_id?: string;
                /**
                 * @description The order with this number.
                 * @example 1042
                 */
                number?: number;
                /** @description Search text, trimmed. Digits only (1 to 15): the order with that `number`, or a `total` of that many minor units, or (four digits) a card payment ending in them. Starting with `ord_`: orders whose id starts with it. A register's receipt number (`R1-000042`: letters, digits, `-` or `_`, a dash, then digits): the offline sale with exactly that `register_receipt_number`, and orders whose customer's name or e-mail starts with the text (for a credential with `customers:read`). Otherwise: orders whose customer's name or e-mail starts with it, ignoring case (ASCII letters on SQLite); none for a credential without `customers:read`. Each kind reads an index; combines with the other filters. */
                q?: string;
                /** @description Inclusive lower bound: an ISO 8601 date-time, or a date (from its first millisecond, UTC). */
                created_at_min?: string;
                /** @description Inclusive upper bound: an ISO 8601 date-time, or a date (to its last millisecond, UTC). */
                created_at_max?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 100 lines; each takes `quantity` (1 to 10000) units of a product, with the `modifiers` chosen. The same product with other modifiers is another line. */
                    items: {
                        product_id: string;
                        quantity: number;
                        discount?: {
                            /** @enum {string} */
                            type: "percentage" | "amount";
                            /** @description With `percentage`: basis points, 1 to 10000 (1000 = 10%). */
                            percentage_bps?: number;
                            /** @description With `amount`: money off, in the smallest currency unit. */
                            amount?: number;
                            reason?: string | null;
                        } | null;
                        /** @description Up to 20 options of the product's modifier groups (`modifier_groups[].options[].id`), as many in each group as it allows, every required group included. Each adds its `price_delta` to the line's `unit_price`. */
                        modifiers?: {
                            option_id: string;
                        }[];
                        /**
                         * @description Offline sales only (with `recorded_at`): the price the register charged for one unit, its modifiers included, 0 to 99999999. The line is sold at it; when it differs from the current price, `sync_differences` says so (`price_changed`). Without it the current price is used.
                         * @example 450
                         */
                        unit_price?: number;
                    }[];
                    /** @description Order-level discounts (0 to 5), on the lines' sum after their own discounts: percentages each on that same sum, then amounts; together at most that sum. */
                    discounts?: {
                        /** @enum {string} */
                        type: "percentage" | "amount";
                        /** @description With `percentage`: basis points, 1 to 10000 (1000 = 10%). */
                        percentage_bps?: number;
                        /** @description With `amount`: money off, in the smallest currency unit. */
                        amount?: number;
                        reason?: string | null;
                    }[];
                    /** @description A saved discount code (`/v1/discount_codes`), matched ignoring case; redeemed with the order, after the other discounts and capped at what is left. */
                    discount_code?: string;
                    customer_id?: string | null;
                    payment_method?: components["schemas"]["PaymentMethod"];
                    notes?: string | null;
                    /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /**
                     * Format: timestamp
                     * @description Makes the order an offline sale: when the register recorded it, by the device's clock, as an ISO 8601 date-time with `Z` or an offset. At most 5 minutes ahead of the server's clock and at most 90 days behind it. Takes `register_receipt_number`.
                     * @example 2026-11-21T09:58:12.000Z
                     */
                    recorded_at?: string;
                    /**
                     * @description Offline sales only, and required with `recorded_at`: the number on the receipt the register printed, `<register code>-<counter>`. Unique per merchant and environment: a Create Order naming a number an order already has answers that order (200) and changes nothing, whatever its `Idempotency-Key` and however long after.
                     * @example R1-000042
                     */
                    register_receipt_number?: string;
                    /**
                     * @description Offline sales only (with `recorded_at`): the total the register showed and took. When the server's total differs, `sync_differences` says so (`total_changed`); the order keeps the server's.
                     * @example 1083
                     */
                    recorded_total?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `product_not_found`, `product_inactive`, `out_of_stock`, `customer_not_found` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportOrders: {
        parameters: {
            query?: {
                /**
                 * @description One status, or several separated by commas.
                 * @example paid,partially_refunded
                 */
                status?: string;
                customer_id?: string;
                /**
                 * @description The order with this number.
                 * @example 1042
                 */
                number?: number;
                /** @description Search text, trimmed. Digits only (1 to 15): the order with that `number`, or a `total` of that many minor units, or (four digits) a card payment ending in them. Starting with `ord_`: orders whose id starts with it. A register's receipt number (`R1-000042`: letters, digits, `-` or `_`, a dash, then digits): the offline sale with exactly that `register_receipt_number`, and orders whose customer's name or e-mail starts with the text (for a credential with `customers:read`). Otherwise: orders whose customer's name or e-mail starts with it, ignoring case (ASCII letters on SQLite); none for a credential without `customers:read`. Each kind reads an index; combines with the other filters. */
                q?: string;
                /** @description Inclusive lower bound: an ISO 8601 date-time, or a date (from its first millisecond, UTC). */
                created_at_min?: string;
                /** @description Inclusive upper bound: an ISO 8601 date-time, or a date (to its last millisecond, UTC). */
                created_at_max?: string;
                /** @description `orders` (default): one row per order. `line_items`: one row per line item, with its order's id, number and creation time. */
                type?: "orders" | "line_items";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The order's new lines, all of them (1 to 100, as Create Order takes them): they replace the old ones, get new ids and are priced now (the products' current prices and modifiers). The old lines' units go back to stock and the new ones' are taken, all or none. */
                    items?: {
                        product_id: string;
                        quantity: number;
                        discount?: {
                            /** @enum {string} */
                            type: "percentage" | "amount";
                            /** @description With `percentage`: basis points, 1 to 10000 (1000 = 10%). */
                            percentage_bps?: number;
                            /** @description With `amount`: money off, in the smallest currency unit. */
                            amount?: number;
                            reason?: string | null;
                        } | null;
                        /** @description Up to 20 options of the product's modifier groups (`modifier_groups[].options[].id`), as many in each group as it allows, every required group included. Each adds its `price_delta` to the line's `unit_price`. */
                        modifiers?: {
                            option_id: string;
                        }[];
                    }[];
                    customer_id?: string | null;
                    notes?: string | null;
                    /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description The order-level discounts (0 to 5), replacing the order's; `[]` removes them. The order's discount code, if any, stays and is applied after them. */
                    discounts?: {
                        /** @enum {string} */
                        type: "percentage" | "amount";
                        /** @description With `percentage`: basis points, 1 to 10000 (1000 = 10%). */
                        percentage_bps?: number;
                        /** @description With `amount`: money off, in the smallest currency unit. */
                        amount?: number;
                        reason?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `capture_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `product_not_found`, `product_inactive`, `out_of_stock`, `customer_not_found`, `order_not_editable` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    captureOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Card orders: the tokenized card. The sandbox takes `tok_visa`, `tok_mastercard`, `tok_amex` and `tok_chargeDeclined`. Cash orders: omit. */
                    payment_token?: string;
                    /** @description A tip taken with the payment: exactly one of `amount` or `percentage_bps`. At most 100% of the order's total before the tip. Not taxed; the order's `tip` and `total` include it once captured, and a card is charged that total. */
                    tip?: {
                        /**
                         * @description The tip in the smallest currency unit, 0 to the order's total before the tip.
                         * @example 200
                         */
                        amount?: number;
                        /**
                         * @description The tip in basis points (1500 = 15%) of the order's total before the tip (`subtotal + tax`), rounded half up to the smallest currency unit.
                         * @example 1500
                         */
                        percentage_bps?: number;
                    };
                    /**
                     * @description The cash the customer handed over, in the smallest currency unit. A cash order: at least its total (the tip included); a split tender: at least `cash_amount`. The order's `payment.change_due` is what is handed back. A card order without `cash_amount` takes none.
                     * @example 2000
                     */
                    cash_given?: number;
                    /**
                     * @description Card orders only: the part of the total (the tip included) paid in cash, 1 to the total less 1; the card is charged the rest. A cash order's cash part is its whole total, so it takes none.
                     * @example 1000
                     */
                    cash_amount?: number;
                    /**
                     * @description The open cash drawer of the register ringing the sale up (`drw_...`), whatever the tender. Unknown: 404; closed: 422 `cash_drawer_closed`.
                     * @example drw_0MvQZ7yq4Vq2c9XrT0bLkP7s
                     */
                    cash_drawer_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payment Required: `card_declined`, `authentication_required` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `capture_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `order_not_capturable`, `cash_drawer_closed` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Bad Gateway: `processor_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable`, `processor_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `capture_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `order_not_cancelable` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Bad Gateway: `processor_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable`, `processor_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refundOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Money to refund, 1 to what is left (a tip included). Omit for everything left, the tip included (or, with `items`, their value).
                     * @example 500
                     */
                    amount?: number;
                    reason?: components["schemas"]["RefundReason"];
                    /** @description Units coming back. Tracked stock is restocked. Their value is their price and share of tax, never the tip. */
                    items?: {
                        line_item_id: string;
                        quantity: number;
                    }[];
                    /**
                     * @description The open cash drawer the refund's cash comes out of (`drw_...`). Default: the order's drawer while it is open, else none. Unknown: 404; closed: 422 `cash_drawer_closed`.
                     * @example drw_0MvQZ7yq4Vq2c9XrT0bLkP7s
                     */
                    cash_drawer_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `invalid_refund_amount`, `already_refunded` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `capture_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `order_not_refundable`, `cash_drawer_closed` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Bad Gateway: `processor_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable`, `processor_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receipt"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `order_not_paid` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReceiptLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceiptLink"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `order_not_paid` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendReceiptEmail: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description Where to send the receipt. Default: the order's customer's e-mail (only for a credential with `customers:read`, which may read it).
                     * @example ada@example.com
                     */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceiptEmail"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `order_not_paid` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /** @description Only active (`true`) or inactive (`false`) products. */
                active?: boolean;
                /**
                 * @description Only products of exactly this category.
                 * @example Coffee
                 */
                category?: string;
                /** @description Search text, trimmed: products whose name starts with it, ignoring case (ASCII letters on SQLite), or whose `sku` or `barcode` is exactly it. Each kind reads an index; combines with the other filters. Blank text matches every product. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Unit price in the smallest currency unit, 0 to 99999999. */
                    price: number;
                    inventory?: number | null;
                    /** @default true */
                    active?: boolean;
                    sku?: string | null;
                    barcode?: string | null;
                    category?: string | null;
                    /** @description Up to 20 modifier groups, names unique within the product. Replaces the whole list: send groups and options back with their `id` to keep them; those without one are new. */
                    modifier_groups?: {
                        /** @description Keep an existing group's id (send it back as read); omit for a new group. */
                        id?: string;
                        name: string;
                        /** @description Default: whether `min_selected` is at least 1. A required group has `min_selected` of at least 1 (default 1); an optional one 0. */
                        required?: boolean;
                        /** @description Default: 1 when required, else 0. */
                        min_selected?: number;
                        /** @description Default: `min_selected`, at least 1. At most the number of options. */
                        max_selected?: number;
                        /** @description 1 to 50 options, names unique within the group. */
                        options: {
                            /** @description Keep an existing option's id (send it back as read); omit for a new option. */
                            id?: string;
                            name: string;
                            /**
                             * @description Added to the unit price when the option is chosen, in the smallest currency unit; may be negative, but a line's unit price never goes below 0.
                             * @example 50
                             */
                            price_delta: number;
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change. `inventory` sets the stock count outright; `null` removes a `sku`, `barcode` or `category`. */
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Unit price in the smallest currency unit, 0 to 99999999. */
                    price?: number;
                    inventory?: number | null;
                    active?: boolean;
                    sku?: string | null;
                    barcode?: string | null;
                    category?: string | null;
                    /** @description Up to 20 modifier groups, names unique within the product. Replaces the whole list: send groups and options back with their `id` to keep them; those without one are new. */
                    modifier_groups?: {
                        /** @description Keep an existing group's id (send it back as read); omit for a new group. */
                        id?: string;
                        name: string;
                        /** @description Default: whether `min_selected` is at least 1. A required group has `min_selected` of at least 1 (default 1); an optional one 0. */
                        required?: boolean;
                        /** @description Default: 1 when required, else 0. */
                        min_selected?: number;
                        /** @description Default: `min_selected`, at least 1. At most the number of options. */
                        max_selected?: number;
                        /** @description 1 to 50 options, names unique within the group. */
                        options: {
                            /** @description Keep an existing option's id (send it back as read); omit for a new option. */
                            id?: string;
                            name: string;
                            /**
                             * @description Added to the unit price when the option is chosen, in the smallest currency unit; may be negative, but a line's unit price never goes below 0.
                             * @example 50
                             */
                            price_delta: number;
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    copyProductsFromSandbox: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description `true`: each copy starts with its sandbox product's `inventory`. `false` (the default): a copy whose stock is tracked starts at 0 units, since sandbox counts are test figures; a product whose stock is not tracked (`inventory` null) stays untracked either way.
                     * @default false
                     */
                    include_stock?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogueCopy"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `production_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /** @description Only customers with exactly this e-mail address. */
                email?: string;
                /** @description Search text, trimmed: customers whose name or e-mail starts with it, ignoring case (ASCII letters on SQLite), or, when it reads as a phone number, whose stored `phone` starts with its `+` and digits (digits without `+` also match after the `+`). Each kind reads an index; combines with `email`. Blank text matches every customer. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    email?: string | null;
                    phone?: string | null;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change; `null` removes an `email`, `phone` or `note`. */
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    email?: string | null;
                    phone?: string | null;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDiscountCodes: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /** @description Only active (`true`) or inactive (`false`) codes. */
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCodeList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDiscountCode: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description 1 to 40 characters of `A-Z`, `0-9`, `-` and `_`; stored upper-cased, unique per merchant and environment ignoring case.
                     * @example SUMMER-10
                     */
                    code: string;
                    /** @enum {string} */
                    type: "percentage" | "amount";
                    /** @description With `percentage`: basis points, 1 to 10000. */
                    percentage_bps?: number;
                    /** @description With `amount`: money off, in the smallest currency unit. */
                    amount?: number;
                    reason?: string | null;
                    max_redemptions?: number | null;
                    expires_at?: string | null;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCode"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDiscountCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCode"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateDiscountCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change. The discount itself (`type`, `percentage_bps`, `amount`) does not: make a new code. `max_redemptions` may not go below `times_redeemed`. */
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description 1 to 40 characters of `A-Z`, `0-9`, `-` and `_`; stored upper-cased, unique per merchant and environment ignoring case.
                     * @example SUMMER-10
                     */
                    code?: string;
                    reason?: string | null;
                    max_redemptions?: number | null;
                    expires_at?: string | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCode"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCashDrawers: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /** @description `open` (taking cash) or `closed` (counted; nothing more goes in or out). */
                status?: "open" | "closed";
                /**
                 * @description Only this register's drawers.
                 * @example R1
                 */
                register?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashDrawerList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openCashDrawer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The register's code: 1 to 20 letters, digits, `-` and `_` (case matters: `R1` and `r1` are two registers).
                     * @example R1
                     */
                    register: string;
                    /**
                     * @description The cash put in the drawer to start with (change), in the smallest currency unit; 0 for none.
                     * @example 20000
                     */
                    opening_float: number;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashDrawer"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `cash_drawer_already_open` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCashDrawer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashDrawer"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCashDrawerMovement: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `paid_in` (cash put into the drawer, e.g. more change) or `paid_out` (cash taken out, e.g. to pay a supplier, or a drop to the safe).
                     * @enum {string}
                     */
                    type: "paid_in" | "paid_out";
                    /**
                     * @description The cash paid in or out, in the smallest currency unit; at least 1.
                     * @example 2500
                     */
                    amount: number;
                    /**
                     * @description Why the cash goes in or out, 1 to 200 characters (shown on the drawer).
                     * @example Milk from the corner shop
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashDrawer"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `cash_drawer_closed` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    closeCashDrawer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The cash counted in the drawer, in the smallest currency unit.
                     * @example 48150
                     */
                    counted_cash: number;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashDrawer"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `cash_drawer_closed` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /**
                 * @description Only events of this type; several types separated by commas.
                 * @example order.paid,order.refunded
                 */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /** @description Only the keys of this environment; both when left out. */
                environment?: "sandbox" | "production";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label to tell keys apart, e.g. "Register 3". Not blank; leading and trailing spaces are dropped. */
                    name: string;
                    /**
                     * @description `sandbox` (keys start with `sk_test_`) or `production` (`sk_live_`).
                     * @enum {unknown}
                     */
                    environment: "sandbox" | "production";
                    /** @description The permissions the key carries, each once. Default: all a key can use. */
                    permissions?: ("orders:read" | "orders:write" | "products:read" | "products:write" | "customers:read" | "customers:write" | "webhooks:read" | "webhooks:write" | "merchant:read" | "merchant:write" | "cash_drawers:read" | "cash_drawers:write" | "reports:read")[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password the user signs in with now. */
                    current_password: string;
                    /** @description The new password, at least 10 characters, different from the current one. Only its Argon2id hash is kept. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChanged"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `parameter_missing`, `incorrect_password` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The e-mail the person will sign in with; stored in lower case. Must not belong to any user yet. */
                    email: string;
                    /** @description The initial password, at least 10 characters, that the admin gives the person. It is temporary: the person must choose their own at their first sign-in. Only its Argon2id hash is kept. */
                    password: string;
                    /**
                     * @description What the user may do: `admin` (everything, the Team API and API keys included), `manager` (all but API keys and the team) or `cashier` (orders, reading products and customers).
                     * @enum {unknown}
                     */
                    role: "admin" | "manager" | "cashier";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What the user may do: `admin` (everything, the Team API and API keys included), `manager` (all but API keys and the team) or `cashier` (orders, reading products and customers).
                     * @enum {unknown}
                     */
                    role: "admin" | "manager" | "cashier";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOutUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSalesReport: {
        parameters: {
            query: {
                /** @description Start of the range, inclusive: an ISO 8601 date-time (with `Z` or an offset), or a date (from its first millisecond, UTC), as List Orders reads `created_at_min`. */
                from: string;
                /** @description End of the range: an ISO 8601 date-time, exclusive; or a date, which includes that whole day (UTC), as List Orders reads `created_at_max`. After `from`, and at most 31 days after it. */
                to: string;
                /** @description Bucket size: `hour` (default) or `day`, in UTC. */
                interval?: "hour" | "day";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SalesReport"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEndOfDayReport: {
        parameters: {
            query: {
                /**
                 * @description The day, as a date in `time_zone`: from its local midnight (inclusive) to the next (exclusive). From 1970-01-01 to 9998-12-31.
                 * @example 2026-11-21
                 */
                date: string;
                /**
                 * @description The IANA time zone the day is cut in (`Europe/Paris`, `America/New_York`); default `UTC`. A zone the server's time zone database does not know is 400 `parameter_invalid`.
                 * @example America/New_York
                 */
                time_zone?: string;
                /** @description `json` (default) or `csv`. Without it, `Accept: text/csv` asks for CSV too. */
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndOfDayReport"];
                    "text/csv": string;
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown`, `parameter_missing` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Only the fields sent change; `tax_id` and `receipt_footer` sent as null or "" are cleared. */
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description ISO 4217 code (any case). Refused with `currency_locked` once the merchant has an order in either environment. */
                    currency?: string;
                    tax_rate_bps?: number;
                    prices_include_tax?: boolean;
                    address?: {
                        line1?: string | null;
                        line2?: string | null;
                        city?: string | null;
                        region?: string | null;
                        postal_code?: string | null;
                        country?: string | null;
                    } | null;
                    tax_id?: string | null;
                    receipt_footer?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `currency_locked` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @example we_4Vq2c9XrT0bLkP7sYh1m */
                            id: string;
                            url: string;
                            enabled_events: string[];
                            description: string | null;
                            /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                            metadata: {
                                [key: string]: string;
                            };
                            /**
                             * @description `enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.
                             * @enum {string}
                             */
                            status: "enabled" | "disabled";
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, with milliseconds.
                             * @example 2026-11-21T10:00:00.000Z
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, with milliseconds.
                             * @example 2026-11-21T10:00:00.000Z
                             */
                            updated_at: string;
                        }[];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Where events are POSTed: an `https` address (`http` is accepted outside production). Redirects are not followed.
                     * @example https://example.com/till/webhooks
                     */
                    url: string;
                    /**
                     * @description The event types sent to this endpoint, or `["*"]` for all of them.
                     * @example [
                     *       "order.paid",
                     *       "order.refunded"
                     *     ]
                     */
                    enabled_events: ("order.created" | "order.updated" | "order.paid" | "order.canceled" | "order.refunded" | "order.disputed" | "refund.created" | "product.created" | "product.updated" | "inventory.shortfall" | "discount_code.created" | "discount_code.updated" | "customer.created" | "customer.updated" | "api_key.created" | "api_key.revoked" | "merchant.updated" | "cash_drawer.opened" | "cash_drawer.closed" | "*")[];
                    description?: string | null;
                    /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example we_4Vq2c9XrT0bLkP7sYh1m */
                        id: string;
                        url: string;
                        enabled_events: string[];
                        description: string | null;
                        /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                        metadata: {
                            [key: string]: string;
                        };
                        /**
                         * @description `enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.
                         * @enum {string}
                         */
                        status: "enabled" | "disabled";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        updated_at: string;
                        /**
                         * @description The signing secret, `whsec_` then base64 of 32 random bytes. Shown only when the endpoint is made and when the secret is rotated: keep it.
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                         */
                        secret: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `parameter_missing`, `webhook_endpoint_limit_reached` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example we_4Vq2c9XrT0bLkP7sYh1m */
                        id: string;
                        url: string;
                        enabled_events: string[];
                        description: string | null;
                        /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                        metadata: {
                            [key: string]: string;
                        };
                        /**
                         * @description `enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.
                         * @enum {string}
                         */
                        status: "enabled" | "disabled";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example we_4Vq2c9XrT0bLkP7sYh1m */
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change. */
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Where events are POSTed: an `https` address (`http` is accepted outside production). Redirects are not followed.
                     * @example https://example.com/till/webhooks
                     */
                    url?: string;
                    /**
                     * @description The event types sent to this endpoint, or `["*"]` for all of them.
                     * @example [
                     *       "order.paid",
                     *       "order.refunded"
                     *     ]
                     */
                    enabled_events?: ("order.created" | "order.updated" | "order.paid" | "order.canceled" | "order.refunded" | "order.disputed" | "refund.created" | "product.created" | "product.updated" | "inventory.shortfall" | "discount_code.created" | "discount_code.updated" | "customer.created" | "customer.updated" | "api_key.created" | "api_key.revoked" | "merchant.updated" | "cash_drawer.opened" | "cash_drawer.closed" | "*")[];
                    description?: string | null;
                    /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /**
                     * @description `enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example we_4Vq2c9XrT0bLkP7sYh1m */
                        id: string;
                        url: string;
                        enabled_events: string[];
                        description: string | null;
                        /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                        metadata: {
                            [key: string]: string;
                        };
                        /**
                         * @description `enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.
                         * @enum {string}
                         */
                        status: "enabled" | "disabled";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the current secret keeps signing (deliveries carry a signature per live secret meanwhile); secrets of earlier rotations keep their own expiry, up to three at once. 0 retires the current secret and every earlier one at once.
                     * @default 86400
                     */
                    expires_in_seconds?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example we_4Vq2c9XrT0bLkP7sYh1m */
                        id: string;
                        url: string;
                        enabled_events: string[];
                        description: string | null;
                        /** @description Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use. */
                        metadata: {
                            [key: string]: string;
                        };
                        /**
                         * @description `enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.
                         * @enum {string}
                         */
                        status: "enabled" | "disabled";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, with milliseconds.
                         * @example 2026-11-21T10:00:00.000Z
                         */
                        updated_at: string;
                        /**
                         * @description The signing secret, `whsec_` then base64 of 32 random bytes. Shown only when the endpoint is made and when the secret is rotated: keep it.
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                         */
                        secret: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1. */
                page?: number;
                /** @description Page size, 1 to 100. */
                per_page?: number;
                /** @description Only attempts with this outcome. */
                status?: "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @example wha_4Vq2c9XrT0bLkP7sYh1m */
                            id: string;
                            /** @example whd_4Vq2c9XrT0bLkP7sYh1m */
                            delivery_id: string;
                            /** @example evt_4Vq2c9XrT0bLkP7sYh1m */
                            event_id: string;
                            event_type: string;
                            /** @description Which attempt of this delivery, from 1. */
                            attempt: number;
                            /** @enum {string} */
                            outcome: "succeeded" | "failed";
                            response_status: number | null;
                            response_body: string | null;
                            duration_ms: number;
                            error: string | null;
                            next_retry_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, with milliseconds.
                             * @example 2026-11-21T10:00:00.000Z
                             */
                            created_at: string;
                        }[];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Bad Request: `parameter_invalid`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example evt_4Vq2c9XrT0bLkP7sYh1m */
                        event_id: string;
                        /** @description The endpoints the event is now queued for. */
                        endpoint_ids: string[];
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: a repeat with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of doing the work again.
                 * @example 5f1c2a9e-0d4b-4c8e-9a57-3f2b1e6d7c80
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Send to this endpoint only; without it, to every enabled endpoint subscribed to the event type. */
                    endpoint_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example evt_4Vq2c9XrT0bLkP7sYh1m */
                        event_id: string;
                        /** @description The endpoints the event is now queued for. */
                        endpoint_ids: string[];
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_unknown`, `idempotency_key_reused` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `missing_credentials`, `invalid_credentials`, `credential_revoked`, `token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `resource_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The refresh token (`rt_...`) of the last token response. */
                    refresh_token: string;
                    /** @description The app's `client_id` (`cli_...`), as `/oauth/token` takes it. A refresh token issued to another app is then refused (401 `invalid_credentials`), as `/oauth/token` refuses it. Apps should send it. */
                    client_id?: string;
                    /**
                     * @description The data set the new tokens act on: `sandbox` or `production`. The sign-in continues in it from now on. Default: the environment the sign-in is in.
                     * @enum {unknown}
                     */
                    environment?: "sandbox" | "production";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `parameter_missing`, `parameter_unknown` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_credentials`, `token_expired`, `credential_revoked`, `refresh_token_used` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveStripeEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                    };
                };
            };
            /** @description Bad Request: `invalid_json`, `parameter_invalid`, `signature_invalid` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Timeout: `request_timeout` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `request_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request Header Fields Too Large: `headers_too_large` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `database_timeout`, `commit_unconfirmed`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
