# The hosted skillops app: Probot's server (`npm start`) on port 3000. No secrets are baked in: pass
# APP_ID, PRIVATE_KEY (or PRIVATE_KEY_PATH) and WEBHOOK_SECRET at run time (docs/install.md,
# "Hosting the app"). The app keeps no state, so any number of containers may serve webhooks.
FROM node:22-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    NO_SMEE_SETUP=true
WORKDIR /app

# Dependencies first, so a source change does not reinstall them. `npm ci` installs the lockfile's
# exact versions; tsx (which `npm start` runs the TypeScript with) is a runtime dependency.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY tsconfig.json app.yml ./
COPY bin ./bin
COPY src ./src

USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/ping').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
