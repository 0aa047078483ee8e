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
         */
        post: operations["refundOrder"];
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
         * @description The merchant the credential acts for (`id`, `name`, `currency`, `tax_rate_bps`), the `environment` it acts on, its `permissions`, and, for a user access token, the `user` (`id`, `email`, `role`); `user` is null for an API key. Any valid credential may call it: no permission is needed.
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
        Payment: {
            method: components["schemas"]["PaymentMethod"];
            processor: ("simulator" | "stripe") | null;
            processor_payment_id: string | null;
            card_brand: string | null;
            card_last4: string | null;
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
            /** @description Inactive products cannot be ordered. */
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
        /** Event */
        Event: {
            /** @example evt_4Vq2c9XrT0bLkP7sYh1m */
            id: string;
            /**
             * @description What happened: `order.created`, `order.updated`, `order.paid`, `order.canceled`, `order.refunded`, `order.disputed`, `refund.created`, `product.created`, `product.updated`, `discount_code.created`, `discount_code.updated`, `customer.created`, `customer.updated`, `api_key.created`, `api_key.revoked`, `merchant.updated`.
             * @enum {string}
             */
            type: "order.created" | "order.updated" | "order.paid" | "order.canceled" | "order.refunded" | "order.disputed" | "refund.created" | "product.created" | "product.updated" | "discount_code.created" | "discount_code.updated" | "customer.created" | "customer.updated" | "api_key.created" | "api_key.revoked" | "merchant.updated";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, with milliseconds.
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            data: {
                /** @description The object the event is about, as the API showed it right after the change: the order for `order.*` events, the refund for `refund.created`, the product for `product.*`, the discount code for `discount_code.*`, the customer for `customer.*`, the API key's record for `api_key.*` (never the key itself nor its hash), the merchant for `merchant.updated`. */
                object: components["schemas"]["Order"] | components["schemas"]["Refund"] | components["schemas"]["Product"] | components["schemas"]["DiscountCode"] | components["schemas"]["Customer"] | components["schemas"]["ApiKey"] | components["schemas"]["Merchant"];
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
                /** @description Search text, trimmed. Digits only (1 to 15): the order with that `number`, or a `total` of that many minor units, or (four digits) a card payment ending in them. Starting with `ord_`: orders whose id starts with it. Otherwise: orders whose customer's name or e-mail starts with it, ignoring case (ASCII letters on SQLite); none for a credential without `customers:read`. Each kind reads an index; combines with the other filters. */
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
                /** @description Search text, trimmed. Digits only (1 to 15): the order with that `number`, or a `total` of that many minor units, or (four digits) a card payment ending in them. Starting with `ord_`: orders whose id starts with it. Otherwise: orders whose customer's name or e-mail starts with it, ignoring case (ASCII letters on SQLite); none for a credential without `customers:read`. Each kind reads an index; combines with the other filters. */
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
            /** @description Unprocessable Entity: `order_not_capturable` */
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
            /** @description Unprocessable Entity: `order_not_refundable` */
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
                    enabled_events: ("order.created" | "order.updated" | "order.paid" | "order.canceled" | "order.refunded" | "order.disputed" | "refund.created" | "product.created" | "product.updated" | "discount_code.created" | "discount_code.updated" | "customer.created" | "customer.updated" | "api_key.created" | "api_key.revoked" | "merchant.updated" | "*")[];
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
                    enabled_events?: ("order.created" | "order.updated" | "order.paid" | "order.canceled" | "order.refunded" | "order.disputed" | "refund.created" | "product.created" | "product.updated" | "discount_code.created" | "discount_code.updated" | "customer.created" | "customer.updated" | "api_key.created" | "api_key.revoked" | "merchant.updated" | "*")[];
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
