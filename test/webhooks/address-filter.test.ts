import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressRefusal } from '../../src/webhooks/address-filter.js';

// The address check alone: nothing here is dispatched or connected to.

test('IPv4-compatible IPv6 addresses (::/96) are refused, even where private networks are allowed', () => {
  for (const address of ['::7f00:1', '::a9fe:a9fe', '::a00:1', '[::a9fe:a9fe]', '::808:808', '::']) {
    assert.match(addressRefusal(address, true) ?? 'allowed', /::\/96/, address);
    assert.notEqual(addressRefusal(address, false), undefined, address);
  }
  // ::1 is loopback: allowed only with private networks, like 127.0.0.1.
  assert.equal(addressRefusal('::1', true), undefined);
  assert.notEqual(addressRefusal('::1', false), undefined);
});

test('link-local, metadata, private, CGNAT, unique-local, mapped and unspecified addresses are refused by default', () => {
  const refused = [
    '169.254.169.254',
    'fe80::1',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    'fd00::1',
    '127.0.0.2',
    '0.0.0.0',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
  ];
  for (const address of refused) assert.notEqual(addressRefusal(address, false), undefined, address);
});

test('public addresses and names pass the check (names are checked once resolved)', () => {
  for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34', 'example.com']) {
    assert.equal(addressRefusal(address, false), undefined, address);
  }
});
