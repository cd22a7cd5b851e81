// The Backups screen's and download's words (shared by both routes and their tests).
export const BACKUP_MESSAGES = {
  superAdminsOnly: "Only super admins can see and take backups.",
  failed: "Backup failed",
} as const;
