import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/*
 * Where a production server may send a webhook (SSRF, decision 169): a public address only. A hostname is judged by
 * every address it resolves to, at registration and again at each send, and the send connects to the address it
 * judged (send.ts passes this check as the socket's lookup), so a name that resolves to a public address when
 * registered and to 127.0.0.1 later (DNS rebinding) is still refused.
 */

const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: may reach any IPv4 address, private ones too
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** A public unicast address (IPv4-mapped IPv6 is judged as its IPv4 address: BlockList does so). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export class UnsafeAddress extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'UnsafeAddress'
  }
}

/** The host of a URL as an address or name: `[::1]` without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

/**
 * Every address the host resolves to, all public, or UnsafeAddress naming the first that is not. A name that does not
 * resolve is refused too: nothing could be sent to it.
 */
export async function publicAddressesOf(host: string): Promise<{ address: string; family: number }[]> {
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new UnsafeAddress(`${host} is not a public address`)
    return [{ address: host, family: isIP(host) }]
  }
  let found: { address: string; family: number }[]
  try {
    found = await lookup(host, { all: true, verbatim: true })
  } catch {
    throw new UnsafeAddress(`${host} does not resolve to an address`)
  }
  if (found.length === 0) throw new UnsafeAddress(`${host} does not resolve to an address`)
  const unsafe = found.find((entry) => !isPublicAddress(entry.address))
  if (unsafe) throw new UnsafeAddress(`${host} resolves to ${unsafe.address}, which is not a public address`)
  return found
}
