import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The whole URL map. Public pages share the site layout (header and footer).
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("properties", "routes/public/properties.tsx"),
    route("property/:id", "routes/public/property.tsx"),
    // A signed-in buyer asks for copies of a sale listing's title documents (issue 46).
    route("property/:id/title-copies", "routes/public/title-copies.ts"),
    // Up to four properties side by side (issue 14): the URL is the comparison.
    route("compare", "routes/public/compare.tsx"),
    route("services", "routes/public/services.tsx"),
    route("services/:id", "routes/public/service.tsx"),
    route("about", "routes/public/about.tsx"),
    route("team", "routes/public/team.tsx"),
    // An agent's public profile (issue 45): who they are, their official numbers, their listings.
    route("agents/:slug", "routes/public/agent.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("book-appointment", "routes/public/book-appointment.tsx"),
    // Landlords and sellers hand a property to the agency (issue 20).
    route("list-your-property", "routes/public/list-your-property.tsx"),
    // A listing's WhatsApp and phone links, counted as leads, then on to wa.me or tel: (issue 21).
    route("go/:propertyId/:click", "routes/public/go.tsx"),
    // "Is this really NaijaHomes?" (issue 45): check a number, account or code; report a problem.
    route("verify", "routes/public/verify.tsx"),
    route("report", "routes/public/report.tsx"),
    // A listing's reference code (NH-LAG-0421) as a link: the listing, or why it is gone (issue 45).
    route("r/:code", "routes/public/listing-code.tsx"),
    route("signin", "routes/auth/signin.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("admin/login", "routes/auth/admin-login.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    // A saved-search alert's unsubscribe link (signed token, works signed out).
    route("searches/unsubscribe", "routes/public/search-unsubscribe.tsx"),
    // An owner's weekly report's unsubscribe link (signed token, works signed out; issue 20).
    route("listings/report/unsubscribe", "routes/public/owner-report-unsubscribe.tsx"),
    // An owner's answer to the availability reminder (signed token, works signed out; issue 46).
    route("listings/availability", "routes/public/owner-availability.tsx"),
    // An owner's e-mail about an inquiry or a booked viewing: its unsubscribe link (issue 47).
    route("listings/alerts/unsubscribe", "routes/public/owner-alerts-unsubscribe.tsx"),
    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/index.tsx"),
      route("properties", "routes/dashboard/properties.tsx"),
      route("appointments", "routes/dashboard/appointments.tsx"),
      route("appointments/:id", "routes/dashboard/appointment.tsx"),
      route("complaints", "routes/dashboard/complaints.tsx"),
      route("profile", "routes/dashboard/profile.tsx"),
      route("searches", "routes/dashboard/searches.tsx"),
      route("searches/new", "routes/dashboard/search-new.tsx"),
      // An owner's listings and submissions (issue 20).
      route("listings", "routes/dashboard/listings.tsx"),
      route("listings/submissions/:id", "routes/dashboard/listing-submission.tsx"),
      route("listings/:id", "routes/dashboard/listing.tsx"),
    ]),
    // Admins only (its own middleware), inside the site layout.
    route("website-editor", "routes/admin/website-editor.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("signout", "routes/auth/signout.ts"),
  route("favorites", "routes/resources/favorites.ts"),
  // What a cached public page does not know about the visitor: account and hearts (ADR 19).
  route("api/me", "routes/resources/me.ts"),
  // Everything under /admin except /admin/login: admins only (checked in the layout middleware).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("search", "routes/admin/search.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    // Accounts and settings (admin part 3): add and edit over the list, or as pages.
    route("users", "routes/admin/users.tsx", [
      route("new", "routes/admin/user-new.tsx"),
      route(":id", "routes/admin/user.tsx"),
    ]),
    route("settings", "routes/admin/settings.tsx"),
    // Backups of the embedded database and its photos (super admins only).
    route("backups", "routes/admin/backups.tsx"),
    route("backups/:name", "routes/admin/backup-download.ts"),
    // The catalogue (admin part 2).
    route("properties", "routes/admin/properties.tsx", [
      route("new", "routes/admin/property-new.tsx"),
      // The CSV export of the list and the import template (resource routes).
      route("export.csv", "routes/admin/properties-export.ts"),
      route("template.csv", "routes/admin/properties-template.ts"),
      route("import", "routes/admin/properties-import.tsx"),
      route(":id", "routes/admin/property-edit.tsx"),
      // The edit page's photo uploader with JavaScript: one photo per request, JSON back.
      route(":id/photos", "routes/admin/property-photos-upload.ts"),
      // A listing's private title documents (issue 46): upload or remove, and the download.
      route(":id/title-documents", "routes/admin/title-documents.ts"),
      route(":id/title-documents/:documentId", "routes/admin/title-document-download.ts"),
    ]),
    // Dated availability (issue 46): the listings to confirm, soonest due first, one tap each.
    route("to-confirm", "routes/admin/to-confirm.tsx"),
    // Buyers' requests for copies of a title, answered by the office (issue 46).
    route("title-requests", "routes/admin/title-requests.tsx"),
    // Owners' submissions for review (issue 20): the queue, and one submission as a page.
    route("submissions", "routes/admin/submissions.tsx", [
      route(":id", "routes/admin/submission.tsx"),
    ]),
    // Appointments and inquiries (admin part 3).
    route("appointments", "routes/admin/appointments.tsx", [
      // Staff book for a caller (issue 23): before :id, so "new" is not read as an id.
      route("new", "routes/admin/appointment-new.tsx"),
      route(":id", "routes/admin/appointment.tsx"),
    ]),
    // Where enquiries come from, per source, agent and listing (issue 21).
    route("leads", "routes/admin/leads.tsx"),
    route("leads/:id", "routes/admin/lead.tsx"),
    route("complaints", "routes/admin/complaints.tsx", [
      route(":id", "routes/admin/complaint.tsx"),
    ]),
    // Team, gallery slides and featured videos (admin part 4): ordered lists, add and edit
    // over the list or as pages.
    route("team", "routes/admin/team.tsx", [
      route("new", "routes/admin/team-new.tsx"),
      route(":id", "routes/admin/team-member.tsx"),
    ]),
    route("slideshow", "routes/admin/slideshow.tsx", [
      route("new", "routes/admin/slide-new.tsx"),
      route(":id", "routes/admin/slide.tsx"),
    ]),
    route("videos", "routes/admin/videos.tsx", [
      route("new", "routes/admin/video-new.tsx"),
      route(":id", "routes/admin/video.tsx"),
    ]),
    // Site content (admin part 4): the footer's links and the company's contact details.
    route("social-media", "routes/admin/social-media.tsx"),
    route("contact-info", "routes/admin/contact-info.tsx"),
    // Issue 45: the channels /verify answers for (and what it was asked), and the fraud reports.
    route("channels", "routes/admin/channels.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("reports/:id", "routes/admin/report.tsx"),
    route("sidebar", "routes/admin/sidebar.ts"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  // Monitoring: alive, fit to serve (with reasons), and Prometheus metrics behind a token.
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  route("metrics", "routes/resources/metrics.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("media/*", "routes/resources/media.ts"),
  // An admin's secret calendar address (the token is the key: calendar apps send no cookies).
  route("calendar/:file", "routes/resources/calendar-feed.ts"),
] satisfies RouteConfig;
