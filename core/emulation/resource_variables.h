#pragma once
// MicroResourceVariables as the emulation needs it (tensorflow/lite/micro/
// micro_resource_variable.h @90b983c2): created in the tail before the interpreter with room
// for a fixed number of variables; VAR_HANDLE's Prepare creates an id per (container,
// shared_name); ASSIGN_VARIABLE's Prepare gives a variable its buffer (in the tail) once.
//
// Usage (kernel profiles):
//   ResourceVariables* vars = ctx.resourceVariables();   // nullptr: none were created
//   const int id = vars->createIdIfNoneFound("c", "v");   // -1: capacity reached
//   vars->bindTensor(subgraph, outputTensor, id);          // VAR_HANDLE's output now holds the id

#include "emulation_settings.h"

#include "core/model/model.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arenascope {

class ResourceVariables {
public:
    explicit ResourceVariables(std::uint32_t capacity)
        : m_capacity(capacity)
    {
    }

    std::uint32_t capacity() const { return m_capacity; }
    std::int32_t count() const { return static_cast<std::int32_t>(m_variables.size()); }

    // The id of the variable named so, created if new; -1 when `capacity` variables exist.
    // A model may omit the container (a null name in TFLM): it then matches any container.
    std::int32_t createIdIfNoneFound(const std::optional<std::string>& container, const std::string& sharedName);

    // Whether the variable's buffer was allocated (MicroResourceVariables::Allocate runs once).
    bool hasBuffer(std::int32_t id) const { return m_variables[static_cast<std::size_t>(id)].hasBuffer; }
    void setBuffer(std::int32_t id) { m_variables[static_cast<std::size_t>(id)].hasBuffer = true; }

    // The resource id a tensor holds during Prepare (VAR_HANDLE points its output at it).
    void bindTensor(std::int32_t subgraph, std::int32_t tensor, std::int32_t id) { m_bound[{ subgraph, tensor }] = id; }
    std::optional<std::int32_t> boundId(std::int32_t subgraph, std::int32_t tensor) const;
    // Every (subgraph, tensor) bound so far, with its id.
    const std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t>& boundTensors() const { return m_bound; }

private:
    struct Variable {
        std::optional<std::string> container;
        std::string sharedName;
        bool hasBuffer = false;
    };
    std::uint32_t m_capacity;
    std::vector<Variable> m_variables;
    std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> m_bound;
};

// The VAR_HANDLE operators of a model: what `--resource-variables auto` creates for it.
std::uint32_t varHandleCount(const Model& model);
// The variables MicroResourceVariables::Create is asked for under `settings` (auto resolved).
std::uint32_t resourceVariablesFor(const EmulationSettings& settings, const Model& model);

} // namespace arenascope
