# syntax=docker/dockerfile:1
# zmission in a small image: built from this repository's source, then
# copied alone onto a distroless base (no shell, no package manager).
#
#   docker build -t zmission .
#   docker run --rm -v "$PWD:/work" zmission validate missions/
#
# Release builds name the version: --build-arg VERSION=1.0.0
#   --build-arg COMMIT=$(git rev-parse HEAD) --build-arg DATE=$(date -u +%Y-%m-%dT%H:%M:%SZ)

FROM golang:1.26-bookworm AS build
WORKDIR /src
# Dependencies first: this layer is reused until go.mod or go.sum change.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=""
ARG COMMIT=""
ARG DATE=""
# A static binary (no cgo) runs on the distroless base; -buildvcs=false as
# .git is not copied (.dockerignore): COMMIT says which commit it is.
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X github.com/zmission/zmission/app.Version=${VERSION} -X github.com/zmission/zmission/app.Commit=${COMMIT} -X github.com/zmission/zmission/app.Date=${DATE}" \
    -o /out/zmission ./cmd/zmission

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/zmission /usr/local/bin/zmission
# The missions are mounted here.
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/zmission"]
CMD ["validate", "."]
