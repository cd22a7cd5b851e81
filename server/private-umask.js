// Files private by default (issue 42, item 7): every file and folder this process creates (the
// embedded database's files, photos and their variants, backups, the auth secret) is readable by
// its owner and group at most, and writable by the owner only, however the process is started:
// systemd's UMask=0027 (deploy/) does the same, but `npm start` from a shell, a container or a
// cron job inherits whatever umask it is given (often 0022 or 0000, and PGlite then made its
// files 0666). Imported first by the server entry and by the commands that write data, so it is
// in force before anything opens a file. Files made before it are tightened at start
// (app/db/private-files.server.ts).

/** The mode bits a new file or folder never gets: group write, and anything for others. */
export const PRIVATE_UMASK = 0o027;

/** Sets the process's umask to PRIVATE_UMASK; answers the one it had. */
export function setPrivateUmask() {
  return process.umask(PRIVATE_UMASK);
}

setPrivateUmask();
