export const LAUNCHER_FILENAME = 'launcher-setup.exe'

let cached: Buffer | null = null

/**
 * A small placeholder for the launcher installer: an MS-DOS executable header with the usual stub
 * message, followed by a note. Windows recognises the file type; running it does nothing useful.
 */
export function launcherFile(): Buffer {
  if (cached) return cached
  const header = Buffer.alloc(64)
  header.write('MZ', 0, 'latin1')
  header.writeUInt16LE(0x90, 2) // bytes on last page
  header.writeUInt16LE(3, 4) // pages
  header.writeUInt16LE(4, 8) // header size in paragraphs
  header.writeUInt16LE(0xffff, 12) // max extra paragraphs
  header.writeUInt16LE(0xb8, 16) // initial SP
  header.writeUInt16LE(0x40, 24) // relocation table offset
  // DOS stub: print the message at offset 0x0e of the code segment, then exit.
  const stub = Buffer.from([0x0e, 0x1f, 0xba, 0x0e, 0x00, 0xb4, 0x09, 0xcd, 0x21, 0xb8, 0x01, 0x4c, 0xcd, 0x21])
  const message = Buffer.from('This program cannot be run in DOS mode.\r\r\n$', 'latin1')
  const note = Buffer.from('\0Launcher installer placeholder served by the development backend.\0', 'latin1')
  cached = Buffer.concat([header, stub, message, note])
  return cached
}
