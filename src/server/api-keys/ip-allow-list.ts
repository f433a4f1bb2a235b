import { BlockList, isIP } from 'node:net'

/**
 * Adds an allow-list entry as node:net reads it, or answers false: an address (IPv4 or IPv6) or a CIDR range. The contract only
 * checks the characters; this is the check that the address parses.
 */
function addEntry(list: BlockList, entry: string): boolean {
  const [address, bits] = entry.split('/')
  const family = isIP(address ?? '')
  if (!address || family === 0) return false
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (bits === undefined) {
    list.addAddress(address, type)
    return true
  }
  const prefix = Number(bits)
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) return false
  list.addSubnet(address, prefix, type)
  return true
}

/** A dual-stack socket reports an IPv4 caller as ::ffff:203.0.113.7; people (and allow-lists) write 203.0.113.7. */
export function plainIp(socketIp: string): string {
  return socketIp.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
}

/** Whether a call from `ip` (plainIp) may use a key with this allow-list (empty: from anywhere). */
export function ipAllowed(allowedIps: readonly string[], ip: string): boolean {
  if (allowedIps.length === 0) return true
  const family = isIP(ip)
  if (family === 0) return false
  const list = new BlockList()
  for (const entry of allowedIps) addEntry(list, entry)
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

/** Whether an entry is an address or a range node:net can read. */
export function allowListEntry(entry: string): boolean {
  return addEntry(new BlockList(), entry)
}
