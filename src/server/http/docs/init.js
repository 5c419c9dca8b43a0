// Loaded by /api/docs only: the reference viewer over the generated document (a file, as the CSP allows no inline script).
window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', deepLinking: true });
