import { describe, expect, it } from 'vitest';
import { isAllowedAddress, resolveTarget, urlRefusal } from '../../../server/webhooks/webhook-address.js';
import { eventsOfOrderChange } from '../../../server/webhooks/webhook-events.js';

const PRODUCTION = { allowHttp: false, allowLoopback: false };
const LOCAL = { allowHttp: true, allowLoopback: true };

describe('where a webhook may go', () => {
  it('refuses private, loopback, link-local and other reserved addresses, IPv4 inside IPv6 too', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isAllowedAddress(address, PRODUCTION), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '2606:4700::6810:84e5', '8.8.8.8']) {
      expect(isAllowedAddress(address, PRODUCTION), address).toBe(true);
    }
  });

  it('allows this machine only by the test and development setting, and private networks never', () => {
    expect(isAllowedAddress('127.0.0.1', LOCAL)).toBe(true);
    expect(isAllowedAddress('::1', LOCAL)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', LOCAL)).toBe(false);
    expect(isAllowedAddress('::ffff:127.0.0.1', LOCAL)).toBe(false);
  });

  it('takes https only, http where allowed, and no credentials in the URL', () => {
    expect(urlRefusal('http://example.com/hooks', PRODUCTION)).toEqual({ refusal: 'WEBHOOK_URL_NOT_HTTPS' });
    expect('url' in urlRefusal('http://example.com/hooks', LOCAL)).toBe(true);
    expect(urlRefusal('ftp://example.com/', LOCAL)).toEqual({ refusal: 'WEBHOOK_URL_INVALID' });
    expect(urlRefusal('https://user:secret@example.com/', PRODUCTION)).toEqual({ refusal: 'WEBHOOK_URL_INVALID' });
    expect(urlRefusal('not a url', PRODUCTION)).toEqual({ refusal: 'WEBHOOK_URL_INVALID' });
  });

  it('checks what a host resolves to: localhost is loopback', async () => {
    expect(await resolveTarget('https://localhost/hooks', PRODUCTION)).toEqual({
      refusal: 'WEBHOOK_ADDRESS_NOT_PUBLIC',
    });
    expect(await resolveTarget('https://[::ffff:a00:1]/hooks', LOCAL)).toEqual({
      refusal: 'WEBHOOK_ADDRESS_NOT_PUBLIC',
    });
    expect(await resolveTarget('http://127.0.0.1:8080/hooks', LOCAL)).toMatchObject({
      address: '127.0.0.1',
      family: 4,
    });
  });
});

describe('the events of a change of the order trail', () => {
  it('fires a reschedule that changed the technician as a reassignment too, and a finished visit twice', () => {
    expect(eventsOfOrderChange('RESCHEDULED', { appointment: 'x' })).toEqual(['order.rescheduled']);
    expect(eventsOfOrderChange('RESCHEDULED', { appointment: 'x', technician: 'N1' })).toEqual([
      'order.rescheduled',
      'order.reassigned',
    ]);
    expect(eventsOfOrderChange('MIGRATED', { technician: 'N1', appointment: 'x' })).toEqual([
      'order.reassigned',
      'order.rescheduled',
    ]);
    expect(eventsOfOrderChange('VISIT_FINISHED', { visitStage: 'FINISHED' })).toEqual([
      'visit.status_changed',
      'visit.finished',
    ]);
    expect(eventsOfOrderChange('MESSAGE_RESENT', null)).toEqual([]);
    expect(eventsOfOrderChange('CONSUMER_RATED', { ratingScore: 5 })).toEqual(['rating.created']);
  });
});
